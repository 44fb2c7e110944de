/** How many earlier instructions are offered again. */
export const HISTORY_SIZE = 30;

/**
 * Earlier edit instructions, newest first, without duplicates. Plain data in and out, so the
 * editor can keep it in its global state.
 */
export class InstructionHistory {
  private entries: string[];

  constructor(saved: readonly unknown[] = [], private readonly size = HISTORY_SIZE) {
    this.entries = saved.filter((s): s is string => typeof s === 'string' && s.trim() !== '').slice(0, size);
  }

  /** Newest first. */
  items(): readonly string[] {
    return this.entries;
  }

  /** Puts `instruction` first (moving it if it was there already); returns the list to save. */
  add(instruction: string): string[] {
    const text = instruction.trim();
    if (text === '') return this.entries;
    this.entries = [text, ...this.entries.filter((e) => e !== text)].slice(0, this.size);
    return this.entries;
  }
}

/**
 * What Enter in the instruction box means: the highlighted earlier instruction when it matches
 * what was typed (the list filters by it), else the typed text. The list is refreshed after
 * each keystroke, so right after fast typing a stale entry can be highlighted; it then does
 * not match and the typed text wins.
 */
export function pickInstruction(value: string, highlighted: { label: string; typed: boolean } | undefined): string {
  const typed = value.trim();
  if (!highlighted || highlighted.typed) return typed || (highlighted?.label ?? '');
  const label = highlighted.label.toLowerCase();
  const matches = typed.toLowerCase().split(/\s+/).every((word) => label.includes(word));
  return matches ? highlighted.label : typed;
}
