/** The editor's undo history of one document, as far as a pending edit needs it. */
export interface UndoHistory {
  undo(): Promise<void>;
  redo(): Promise<void>;
  text(): string;
  /** Changes with every change to the text, even one that leaves it the same. */
  version(): number;
}

/**
 * Undoes a pending edit back to `original`. Its batches normally form one undo step, but a
 * save closes the editor's step at a moment the extension cannot see, so the edit may span
 * several, and an intermediate state may even equal the original (a rewrite that begins with
 * unchanged lines), or two in a row be the same text. `states` are the fingerprints of the
 * text after each batch, oldest first, the last one the current text: each undo must land on
 * an earlier one of them, until the original comes back where none is left. Anything else is
 * not ours: everything undone is redone and the result is false.
 */
export async function undoToOriginal(
  history: UndoHistory,
  original: string,
  states: readonly string[],
  fingerprint: (text: string) => string,
): Promise<boolean> {
  let at = states.length - 1;
  let undone = 0;
  for (let i = 0; i <= states.length; i++) {
    const version = history.version();
    await history.undo();
    // Nothing left to undo: the start of the history.
    if (history.version() === version) return history.text() === original || (await redoAll(history, undone));
    undone++;
    const text = history.text();
    const earlier = at > 0 ? states.lastIndexOf(fingerprint(text), at - 1) : -1;
    if (earlier >= 0) {
      at = earlier;
      continue;
    }
    if (text === original) return true;
    // One step past the start (or into someone else's step): back to where that was the original.
    await history.redo();
    undone--;
    if (history.text() === original) return true;
    break;
  }
  return redoAll(history, undone);
}

async function redoAll(history: UndoHistory, undone: number): Promise<false> {
  for (let i = 0; i < undone; i++) await history.redo();
  return false;
}
