// One variant's card: header, figures, the diff against the original, and its action. All
// model text goes in through textContent: it is never parsed as markup.
import { formatCount, formatMs } from '../../src/metrics/formatNumbers';
import type { DiffRow } from '../../src/rewrite/diffRow';
import { RewriteFeed } from '../../src/rewrite/rewriteFeed';
import type { CardView as Card } from '../../src/variants/variantCard';
import { rowsSize, shownRows, type ShownRow } from '../../src/variants/variantRows';

const STATUS_TEXT: Record<Card['status'], string> = {
  queued: 'queued',
  waiting: 'waiting',
  streaming: 'streaming',
  done: 'done',
  stopped: 'stopped',
  failed: 'failed',
  cancelled: 'cancelled',
};

export interface CardActions {
  pick(index: number): void;
  retry(index: number): void;
  focus(index: number): void;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function rowNode(row: ShownRow | DiffRow): HTMLElement {
  const line = el('div', `row ${row.kind}`);
  const sign = row.kind === 'added' ? '+' : row.kind === 'removed' ? '−' : ' ';
  line.append(el('span', 'sign', sign), el('span', 'code', row.text === '' ? ' ' : row.text));
  return line;
}

export class CardElement {
  readonly element: HTMLElement;
  card: Card;
  private feed: RewriteFeed;
  private readonly title = el('span', 'title');
  private readonly status = el('span', 'status');
  private readonly route = el('div', 'route');
  private readonly stats = el('div', 'stats');
  private readonly rows = el('div', 'rows');
  private readonly tail = el('div', 'tail');
  private readonly note = el('div', 'note');
  private readonly action = el('button', 'action');
  /** The rows in `rows`, in order (while streaming they only grow). */
  private inDom: DiffRow[] = [];
  /** The rows in `tail`, in order. */
  private tailInDom: ShownRow[] = [];
  private finalShown = false;
  private hasText = false;

  constructor(card: Card, private readonly original: readonly string[], actions: CardActions) {
    this.card = card;
    this.feed = new RewriteFeed(original);
    this.element = el('section', 'card');
    this.element.tabIndex = -1;
    this.element.dataset.index = String(card.index);
    const head = el('header');
    head.append(this.title, this.status);
    const body = el('div', 'body');
    body.append(this.rows, this.tail);
    const foot = el('footer');
    foot.append(this.note, this.action);
    this.element.append(head, this.route, this.stats, body, foot);
    this.element.addEventListener('click', () => actions.focus(this.card.index));
    this.action.addEventListener('click', (e) => {
      e.stopPropagation();
      if (this.card.status === 'failed') actions.retry(this.card.index);
      else actions.pick(this.card.index);
    });
  }

  /** A new state of the card; a newer generation starts its text afresh. */
  update(card: Card): void {
    if (card.generation !== this.card.generation) this.reset();
    this.card = card;
  }

  push(generation: number, text: string): void {
    if (generation !== this.card.generation) {
      if (generation < this.card.generation) return;
      this.reset();
      this.card = { ...this.card, generation };
    }
    this.feed.push(text);
    this.hasText = true;
  }

  setFocused(on: boolean): void {
    this.element.classList.toggle('focused', on);
    this.element.setAttribute('aria-current', on ? 'true' : 'false');
  }

  /** Brings the DOM to the card's state: appends new rows, redraws the tail. */
  render(): void {
    const c = this.card;
    this.element.dataset.status = c.status;
    this.title.textContent = `${c.index + 1} · ${c.approach}`;
    this.status.textContent = STATUS_TEXT[c.status];
    this.route.textContent = c.model ? `${c.route} · ${c.model}${c.reasons.length ? `: ${c.reasons.join('; ')}` : ''}` : '';
    this.route.title = this.route.textContent;

    const shown = shownRows(this.feed, c.status);
    if (shown.final) {
      if (!this.finalShown) {
        this.showRows(shown.stable);
        this.showTail([]);
        this.finalShown = true;
      }
    } else {
      if (this.finalShown) {
        this.rows.replaceChildren();
        this.inDom = [];
        this.finalShown = false;
      }
      if (shown.stable.length > this.inDom.length) {
        const add = document.createDocumentFragment();
        for (let i = this.inDom.length; i < shown.stable.length; i++) add.append(rowNode(shown.stable[i]));
        this.rows.append(add);
        this.inDom = shown.stable.slice();
      }
      this.showTail(shown.tail);
    }

    const size = rowsSize(shown.final ? shown.stable : [...shown.stable, ...shown.tail.filter((r) => r.kind === 'added').map((r) => ({ kind: 'added' as const, text: r.text }))]);
    const parts = [
      `first token ${c.firstTokenMs === undefined ? '–' : formatMs(c.firstTokenMs)}`,
      `${c.tokensPerSecond === undefined ? '–' : formatCount(c.tokensPerSecond)} tok/s`,
      `${formatCount(c.tokens)} tokens`,
      `+${size.added} −${size.removed} · ${size.lines} lines, ${formatCount(size.chars)} chars`,
    ];
    this.stats.textContent = parts.join(' · ');
    this.note.textContent = c.note ?? '';
    this.note.title = c.note ?? '';
    const failed = c.status === 'failed';
    this.action.textContent = failed ? 'Retry' : `Pick (${c.index + 1})`;
    this.action.disabled = !failed && (!this.hasText || c.status === 'cancelled');
  }

  /**
   * Shows `rows` in place of what is there, keeping every row already shown that comes next in
   * `rows`, in order: the final diff is mostly the streamed rows with the removed lines put in
   * place (it lists them before the added ones), and rebuilding every card's rows in the frame the
   * stream ends cost a long frame (5 cards of ~70 rows: 50–100 ms on a fresh view).
   */
  private showRows(rows: readonly DiffRow[]): void {
    const nodes = Array.from(this.rows.children);
    let next = 0;
    for (const row of rows) {
      const shown = this.inDom[next];
      if (shown && shown.kind === row.kind && shown.text === row.text) next++;
      else this.rows.insertBefore(rowNode(row), nodes[next] ?? null);
    }
    for (; next < nodes.length; next++) nodes[next].remove();
    this.inDom = rows.slice();
  }

  /**
   * Shows `rows` as the tail, keeping the nodes of the longest run at its end that is already
   * shown: the tail is the unfinished line and then the original lines not reached yet, so
   * from one frame to the next only its first rows change. Rebuilding it whole cost every card
   * its full original in new nodes and layout each frame.
   */
  private showTail(rows: readonly ShownRow[]): void {
    const old = this.tailInDom;
    let same = 0;
    while (same < rows.length && same < old.length) {
      const a = rows[rows.length - 1 - same];
      const b = old[old.length - 1 - same];
      if (a.kind !== b.kind || a.text !== b.text) break;
      same++;
    }
    const nodes = this.tail.children;
    for (let i = old.length - same - 1; i >= 0; i--) nodes[i].remove();
    const add = document.createDocumentFragment();
    for (let i = 0; i < rows.length - same; i++) add.append(rowNode(rows[i]));
    this.tail.prepend(add);
    this.tailInDom = rows.slice();
  }

  private reset(): void {
    this.feed = new RewriteFeed(this.original);
    this.rows.replaceChildren();
    this.tail.replaceChildren();
    this.inDom = [];
    this.tailInDom = [];
    this.finalShown = false;
    this.hasText = false;
  }
}
