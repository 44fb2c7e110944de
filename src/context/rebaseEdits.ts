/** An edit of whole lines: at `startLine`, `removed` lines became `added` lines. */
export interface LineEdit {
  startLine: number;
  removed: readonly string[];
  added: readonly string[];
}

/**
 * The same edits (oldest first) with each one's `startLine` moved through the edits made after
 * it, so it names where its lines are now: an edit above shifts it by the lines it added or
 * removed; an edit below leaves it; an edit that overlaps its lines leaves it where it was (the
 * history merges such edits into one).
 */
export function rebaseEdits<T extends LineEdit>(edits: readonly T[]): T[] {
  return edits.map((edit, i) => {
    let start = edit.startLine;
    for (const later of edits.slice(i + 1)) {
      const laterEnd = later.startLine + later.removed.length;
      const delta = later.added.length - later.removed.length;
      if (laterEnd <= start) start += delta;
    }
    return start === edit.startLine ? edit : { ...edit, startLine: Math.max(0, start) };
  });
}
