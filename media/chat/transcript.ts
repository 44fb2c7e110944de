import type { TurnView, UserTurnView } from '../../src/chat/chatProtocol';
import { attachmentLabel, routedToFull, type AssistantTurn } from '../../src/chat/chatTypes';
import { h } from './dom';
import { FrameScheduler } from './frameScheduler';
import type { DeferredHighlight } from './markdown/deferredHighlight';
import type { Highlighter } from './markdown/highlighter';
import { StreamingMarkdown } from './streamingMarkdown';

interface AnswerView {
  turn: AssistantTurn;
  article: HTMLElement;
  head: HTMLElement;
  foot: HTMLElement;
  markdown: StreamingMarkdown;
  render: () => void;
}

/** Turns rendered at once when a conversation opens; older ones follow frame by frame. */
const RECENT_TURNS = 20;
const BACKFILL_BUDGET_MS = 6;

const STATUS_TEXT: Record<AssistantTurn['status'], string> = {
  streaming: '',
  done: '',
  stopped: 'Stopped',
  redirected: 'Redirected',
  failed: 'Failed',
};

/**
 * The conversation as a live log. Streamed text is appended to the answer's buffer and
 * rendered at most once a frame. While the user is at the end, the browser's scroll anchoring
 * on an empty last element keeps the view there (see chat.css); once the user scrolls up to
 * read, nothing moves. No script reads the layout in a frame.
 */
export class Transcript {
  readonly element: HTMLElement;
  /** The turns, in order, then `end`; `element` is the scroller around them. */
  private readonly content: HTMLElement;
  private readonly end = h('div', { cls: 'scroll-end', attrs: { 'aria-hidden': 'true' } });
  private readonly answers = new Map<string, AnswerView>();
  private readonly scheduler: FrameScheduler;
  private scrollToEnd = false;
  /** Bumped by reset, so a backfill of an older conversation stops. */
  private generation = 0;

  constructor(
    private readonly requestFrame: (callback: () => void) => void,
    private readonly highlighter: Highlighter,
    private readonly deferred: DeferredHighlight,
  ) {
    this.content = h('div', { cls: 'transcript-content' });
    this.element = h(
      'div',
      { cls: 'transcript', attrs: { role: 'log', 'aria-live': 'polite', 'aria-label': 'Conversation', tabindex: '0' } },
      [this.content, this.end],
    );
    this.scheduler = new FrameScheduler(requestFrame, () => this.afterFrame());
    // Anchoring does nothing at offset 0: when the first overflow pushes the end out of view
    // there, follow it once; from then on anchoring holds the view at the end.
    new IntersectionObserver(([entry]) => {
      if (entry && !entry.isIntersecting && this.element.scrollTop === 0) this.end.scrollIntoView({ block: 'end' });
    }).observe(this.end);
    this.showEmptyState();
  }

  /**
   * Show a whole conversation. The newest turns render at once; older ones are prepended in
   * small batches over the next frames, so opening a long chat never freezes the view.
   */
  reset(turns: readonly TurnView[]): void {
    const generation = ++this.generation;
    this.answers.clear();
    this.content.replaceChildren();
    if (turns.length === 0) this.showEmptyState();
    const split = Math.max(0, turns.length - RECENT_TURNS);
    for (const t of turns.slice(split)) this.content.appendChild(this.build(t, false));
    this.backfill(turns.slice(0, split), generation);
    this.scrollToEnd = true;
    this.scheduler.schedule(() => {});
  }

  add(turn: TurnView, animate = true): void {
    this.content.querySelector('.empty-state')?.remove();
    this.content.appendChild(this.build(turn, animate));
    // A message of the user's own brings the view back to the end.
    if (turn.role === 'user') this.scrollToEnd = true;
    this.scheduler.schedule(() => {});
  }

  delta(turnId: string, text: string): void {
    const view = this.answers.get(turnId);
    if (!view) return;
    view.markdown.append(text);
    this.scheduler.schedule(view.render);
  }

  update(turn: AssistantTurn): void {
    const view = this.answers.get(turn.id);
    if (!view) return;
    view.turn = { ...turn };
    if (turn.text !== view.markdown.text) view.markdown.reset(turn.text);
    fillHead(view.head, turn);
    fillFoot(view.foot, turn);
    view.article.setAttribute('aria-busy', String(turn.status === 'streaming'));
    view.article.dataset.status = turn.status;
    this.scheduler.schedule(view.render);
  }

  private build(turn: TurnView, animate: boolean): HTMLElement {
    if (turn.role === 'user') return userArticle(turn);
    const view = this.answerView(turn);
    view.markdown.reset(turn.text);
    if (animate && turn.status === 'streaming') {
      this.scheduler.schedule(view.render);
    } else {
      view.markdown.render(turn.status !== 'streaming');
      // A long answer shows its first slice now and the rest from the next frame on, so the
      // frame that lays out the opened conversation does no more rendering.
      if (view.markdown.dirty) this.requestFrame(() => this.scheduler.schedule(view.render));
    }
    return view.article;
  }

  private backfill(older: TurnView[], generation: number): void {
    if (older.length === 0) return;
    this.requestFrame(() => {
      if (generation !== this.generation) return;
      const t0 = performance.now();
      const batch: HTMLElement[] = [];
      while (older.length > 0 && performance.now() - t0 < BACKFILL_BUDGET_MS) batch.unshift(this.build(older.pop()!, false));
      // Scroll anchoring keeps what the user is reading in place while turns appear above it.
      this.content.prepend(...batch);
      this.backfill(older, generation);
    });
  }

  private answerView(turn: AssistantTurn): AnswerView {
    const head = h('div', { cls: 'turn-head' });
    const body = h('div', { cls: 'markdown' });
    const foot = h('div', { cls: 'turn-foot' });
    const article = h('article', { cls: 'turn turn-assistant', attrs: { 'aria-label': 'Answer' } }, [head, body, foot]);
    article.dataset.turn = turn.id;
    const markdown = new StreamingMarkdown(body, this.highlighter, this.deferred);
    const view: AnswerView = {
      turn: { ...turn },
      article,
      head,
      foot,
      markdown,
      render: () => {
        markdown.render(view.turn.status !== 'streaming');
        // A long tail renders a slice per frame: come back next frame for the rest.
        if (markdown.dirty) this.scheduler.schedule(view.render);
      },
    };
    fillHead(head, turn);
    fillFoot(foot, turn);
    article.setAttribute('aria-busy', String(turn.status === 'streaming'));
    article.dataset.status = turn.status;
    this.answers.set(turn.id, view);
    return view;
  }

  private afterFrame(): void {
    if (!this.scrollToEnd) return;
    this.scrollToEnd = false;
    this.end.scrollIntoView({ block: 'end' });
  }

  private showEmptyState(): void {
    this.content.appendChild(
      h('div', {
        cls: 'empty-state',
        text: 'Ask about your code. Enter sends, Shift+Enter starts a new line, Escape stops an answer. Type @ to attach a file; the selection in the editor is attached automatically.',
      }),
    );
  }
}

function userArticle(turn: UserTurnView): HTMLElement {
  const head = h('div', { cls: 'turn-head' }, [h('span', { cls: 'who', text: 'You' })]);
  if (turn.redirect) head.appendChild(h('span', { cls: 'badge badge-redirect', text: '↪ Redirect' }));
  const chips = turn.attachments.map((a) => h('span', { cls: 'chip', text: attachmentLabel(a), attrs: { title: a.path } }));
  const article = h('article', { cls: 'turn turn-user', attrs: { 'aria-label': turn.redirect ? 'Your redirect' : 'Your message' } }, [
    head,
    h('div', { cls: 'turn-text', text: turn.text }),
    ...(chips.length > 0 ? [h('div', { cls: 'chips' }, chips)] : []),
  ]);
  article.dataset.turn = turn.id;
  return article;
}

function fillHead(head: HTMLElement, turn: AssistantTurn): void {
  const { route, model, reasons, leftOut } = turn.meta;
  head.replaceChildren(
    h('span', { cls: `route route-${route}`, text: route }),
    h('span', { cls: 'model', text: model }),
    ...(reasons.length > 0 ? [h('span', { cls: 'reasons', text: reasons.join('; ') })] : []),
    ...(leftOut ? [h('span', { cls: 'left-out', text: leftOutText(leftOut) })] : []),
  );
}

function leftOutText(n: number): string {
  return `${n} earlier message${n === 1 ? '' : 's'} not sent: over the model's context window`;
}

function fillFoot(foot: HTMLElement, turn: AssistantTurn): void {
  const parts: Node[] = [];
  if (STATUS_TEXT[turn.status]) parts.push(h('span', { cls: `badge badge-${turn.status}`, text: STATUS_TEXT[turn.status] }));
  if (turn.error) parts.push(h('span', { cls: 'error', text: turn.error, attrs: { role: 'alert' } }));
  const stats = statsText(turn);
  if (stats) parts.push(h('span', { cls: 'stats', text: stats }));
  if (turn.status === 'failed' || turn.status === 'stopped') {
    const retry = h('button', { cls: 'retry', text: 'Retry', attrs: { type: 'button', 'data-retry': turn.id, 'aria-label': 'Retry this answer' } });
    parts.push(retry);
  }
  // A request the router found big enough for the full model may be one to hand over whole.
  if (routedToFull(turn) && turn.status !== 'streaming') {
    parts.push(h('button', { cls: 'run-task', text: 'Run as background task', attrs: { type: 'button', 'data-task': turn.id, title: 'Start a background task with this request and the conversation so far' } }));
  }
  foot.replaceChildren(...parts);
}

function statsText(turn: AssistantTurn): string {
  const { firstTokenMs, tokensPerSecond } = turn.meta;
  const parts: string[] = [];
  if (firstTokenMs !== undefined) parts.push(`first token ${Math.round(firstTokenMs)} ms`);
  if (tokensPerSecond !== undefined) parts.push(`${Math.round(tokensPerSecond).toLocaleString('en-US')} tokens/s`);
  return parts.join(' · ');
}
