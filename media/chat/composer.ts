import type { ContextChip, MentionItem } from '../../src/chat/chatProtocol';
import { h } from './dom';
import { MentionPicker } from './mentionPicker';

export interface ComposerActions {
  send(text: string): void;
  stop(): void;
  removeContext(): void;
  mentionQuery(query: string): void;
  draftChanged(text: string): void;
}

/**
 * The message box. Enter sends, Shift+Enter adds a line, Escape stops a streaming answer.
 * While an answer streams, sending redirects it. The draft is cleared only once the
 * extension has accepted the message, so a refused message is never lost.
 */
export class Composer {
  readonly element: HTMLElement;
  private readonly input: HTMLTextAreaElement;
  private readonly sendButton: HTMLButtonElement;
  private readonly stopButton: HTMLButtonElement;
  private readonly chips: HTMLElement;
  private readonly status: HTMLElement;
  private readonly picker: MentionPicker;
  private sent: string | undefined;

  constructor(
    private readonly actions: ComposerActions,
    draft: string,
  ) {
    this.input = h('textarea', {
      cls: 'input',
      attrs: {
        rows: '3',
        placeholder: 'Ask about your code (@ attaches a file)',
        'aria-label': 'Message. Enter sends, Shift+Enter starts a new line, Escape stops the answer.',
        'aria-autocomplete': 'list',
        'aria-controls': 'mention-list',
        'aria-expanded': 'false',
      },
    });
    this.input.value = draft;
    this.picker = new MentionPicker(this.input, (q) => actions.mentionQuery(q));
    this.chips = h('div', { cls: 'context-chips', attrs: { 'aria-label': 'Attached context' } });
    this.status = h('span', { cls: 'composer-status', attrs: { role: 'status' } });
    this.stopButton = h('button', { cls: 'stop', text: 'Stop', attrs: { type: 'button', 'aria-label': 'Stop the answer (Escape)' } });
    this.sendButton = h('button', { cls: 'send', text: 'Send', attrs: { type: 'button', 'aria-label': 'Send (Enter)' } });
    this.stopButton.hidden = true;
    this.element = h('div', { cls: 'composer' }, [
      this.chips,
      this.picker.element,
      this.input,
      h('div', { cls: 'composer-actions' }, [this.status, this.stopButton, this.sendButton]),
    ]);
    this.input.addEventListener('keydown', (e) => this.onKey(e));
    this.input.addEventListener('input', () => actions.draftChanged(this.input.value));
    this.sendButton.addEventListener('click', () => this.submit());
    this.stopButton.addEventListener('click', () => actions.stop());
  }

  focus(): void {
    this.input.focus();
  }

  setStreaming(streaming: boolean): void {
    this.stopButton.hidden = !streaming;
    this.sendButton.textContent = streaming ? 'Redirect' : 'Send';
    this.sendButton.setAttribute('aria-label', streaming ? 'Redirect the answer with this message (Enter)' : 'Send (Enter)');
  }

  setChip(chip: ContextChip | undefined): void {
    if (!chip) {
      this.chips.replaceChildren();
      return;
    }
    const remove = h('button', { cls: 'chip-remove', text: '×', attrs: { type: 'button', 'aria-label': `Do not attach ${chip.label}` } });
    remove.addEventListener('click', () => {
      this.actions.removeContext();
      this.input.focus();
    });
    this.chips.replaceChildren(h('span', { cls: 'chip chip-context', attrs: { title: chip.title } }, [h('span', { text: chip.label }), remove]));
  }

  sendResult(ok: boolean, error?: string): void {
    const sent = this.sent;
    this.sent = undefined;
    this.status.textContent = ok ? '' : (error ?? 'Not sent.');
    if (!ok || sent === undefined) return;
    // Keep anything typed after pressing Enter.
    const v = this.input.value;
    this.input.value = v === sent ? '' : v.startsWith(sent) ? v.slice(sent.length).trimStart() : v;
    this.actions.draftChanged(this.input.value);
  }

  showMentions(query: string, items: MentionItem[]): void {
    this.picker.show(query, items);
  }

  notice(text: string): void {
    this.status.textContent = text;
  }

  private onKey(e: KeyboardEvent): void {
    if (e.isComposing) return;
    if (this.picker.handleKey(e)) {
      e.preventDefault();
      return;
    }
    // Escape is left to bubble: the whole view stops the answer on it.
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      this.submit();
    }
  }

  private submit(): void {
    const text = this.input.value;
    if (text.trim() === '' || this.sent !== undefined) return;
    this.sent = text;
    this.status.textContent = '';
    this.actions.send(text);
  }
}
