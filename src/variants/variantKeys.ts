/** What a key press in the variants view does. */
export type VariantKeyAction =
  | { kind: 'pick'; index: number }
  | { kind: 'focus'; index: number }
  | { kind: 'stopAll' }
  | { kind: 'none' };

export interface KeyPress {
  key: string;
  /** Physical key (`BracketRight`), for layouts where Alt changes the character. */
  code?: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** The press happened in a text field (the redirect box): only Escape counts there. */
  inTextField: boolean;
}

/**
 * The view's keyboard: 1–N picks, Alt+] / Alt+[ move the focus (wrapping), Enter picks the
 * focused card, Escape stops every variant.
 */
export function variantKeyAction(press: KeyPress, focused: number, count: number): VariantKeyAction {
  if (press.key === 'Escape') return { kind: 'stopAll' };
  if (press.inTextField || press.ctrlKey || press.metaKey || count === 0) return { kind: 'none' };
  if (press.altKey) {
    const next = press.code === 'BracketRight' || press.key === ']';
    const prev = press.code === 'BracketLeft' || press.key === '[';
    if (next) return { kind: 'focus', index: (focused + 1) % count };
    if (prev) return { kind: 'focus', index: (focused - 1 + count) % count };
    return { kind: 'none' };
  }
  if (press.key === 'Enter') return { kind: 'pick', index: focused };
  if (/^[1-9]$/.test(press.key)) {
    const n = Number(press.key);
    return n <= count ? { kind: 'pick', index: n - 1 } : { kind: 'none' };
  }
  return { kind: 'none' };
}
