/** A shown edit in document offsets: replace `oldText` at `offset` with `newText`. */
export interface OffsetEdit {
  offset: number;
  oldText: string;
  newText: string;
}

/** A document change in offsets of the text before it. */
export interface OffsetChange {
  offset: number;
  length: number;
  text: string;
}

export type TypeThrough =
  /** The change moves the text toward the prediction: what is left to do. */
  | { kind: 'keep'; edit: OffsetEdit }
  /** The change completed the prediction. */
  | { kind: 'done' }
  /** The change goes elsewhere or against the prediction: withdraw it. */
  | { kind: 'withdraw' };

/**
 * Whether typing agrees with a shown edit. The change must fall inside the edit's text; after
 * it, what the region holds must be the start of the new text, then a piece of the old text
 * still to replace, then the end of the new text. Typing the new word, deleting the old one,
 * selecting it and typing over it all agree; anything else does not.
 */
export function typeThrough(edit: OffsetEdit, change: OffsetChange): TypeThrough {
  const end = edit.offset + edit.oldText.length;
  if (change.offset < edit.offset || change.offset + change.length > end) return { kind: 'withdraw' };
  const at = change.offset - edit.offset;
  const now = edit.oldText.slice(0, at) + change.text + edit.oldText.slice(at + change.length);
  const target = edit.newText;
  let p = 0;
  while (p < now.length && p < target.length && now[p] === target[p]) p++;
  let s = 0;
  while (s < now.length - p && s < target.length - p && now[now.length - 1 - s] === target[target.length - 1 - s]) s++;
  const middle = now.slice(p, now.length - s);
  const rest = target.slice(p, target.length - s);
  if (middle === '' && rest === '') return { kind: 'done' };
  if (middle !== '' && !edit.oldText.includes(middle)) return { kind: 'withdraw' };
  // Progress, not a detour: what is left is smaller than what was there.
  if (middle.length + rest.length >= edit.oldText.length + edit.newText.length) return { kind: 'withdraw' };
  return { kind: 'keep', edit: { offset: edit.offset + p, oldText: middle, newText: rest } };
}
