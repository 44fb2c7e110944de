import type { MentionItem } from '../../src/chat/chatProtocol';
import { mentionAt } from '../../src/chat/mentions';
import { h } from './dom';

/**
 * Completion for `@file` mentions: a listbox under the message box, driven from the
 * keyboard (Up/Down choose, Enter or Tab insert, Escape closes) or the mouse.
 */
export class MentionPicker {
  readonly element: HTMLUListElement;
  private items: MentionItem[] = [];
  private active = 0;
  private query: string | undefined;

  constructor(
    private readonly input: HTMLTextAreaElement,
    private readonly requestItems: (query: string) => void,
  ) {
    this.element = h('ul', { cls: 'mention-list', attrs: { role: 'listbox', id: 'mention-list', 'aria-label': 'Files' } });
    this.element.hidden = true;
    this.element.addEventListener('mousedown', (e) => {
      const option = (e.target as Element).closest('li');
      if (!option) return;
      e.preventDefault();
      this.accept(Number(option.dataset.index));
    });
    input.addEventListener('input', () => this.refresh());
  }

  get open(): boolean {
    return !this.element.hidden;
  }

  /** Keys the picker uses while open; returns true when it handled the key. */
  handleKey(e: KeyboardEvent): boolean {
    if (!this.open) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const n = this.items.length;
      this.active = (this.active + (e.key === 'ArrowDown' ? 1 : n - 1)) % n;
      this.paint();
      return true;
    }
    if (e.key === 'Enter' || e.key === 'Tab') {
      this.accept(this.active);
      return true;
    }
    if (e.key === 'Escape') {
      this.close();
      return true;
    }
    return false;
  }

  show(query: string, items: MentionItem[]): void {
    if (query !== this.query) return; // an answer to an older keystroke
    this.items = items;
    this.active = 0;
    if (items.length === 0) this.close();
    else this.paint();
  }

  close(): void {
    this.element.hidden = true;
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
  }

  private refresh(): void {
    const at = mentionAt(this.input.value, this.input.selectionStart ?? this.input.value.length);
    this.query = at?.query;
    if (at) this.requestItems(at.query);
    else this.close();
  }

  private accept(index: number): void {
    const item = this.items[index];
    const caret = this.input.selectionStart ?? this.input.value.length;
    const at = mentionAt(this.input.value, caret);
    this.close();
    if (!item || !at) return;
    const v = this.input.value;
    const insert = `${item.insert} `;
    this.input.value = v.slice(0, at.start) + insert + v.slice(caret);
    const pos = at.start + insert.length;
    this.input.setSelectionRange(pos, pos);
    this.input.dispatchEvent(new Event('input'));
  }

  private paint(): void {
    this.element.replaceChildren(
      ...this.items.map((item, i) => {
        const li = h('li', { text: item.path, attrs: { role: 'option', id: `mention-${i}`, 'aria-selected': String(i === this.active) } });
        li.dataset.index = String(i);
        return li;
      }),
    );
    this.element.hidden = false;
    this.input.setAttribute('aria-expanded', 'true');
    this.input.setAttribute('aria-activedescendant', `mention-${this.active}`);
    this.element.children[this.active]?.scrollIntoView({ block: 'nearest' });
  }
}
