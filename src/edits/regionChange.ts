/** One content change as the editor reports it (positions before the change). */
export interface LineChange {
  startLine: number;
  startCharacter: number;
  endLine: number;
  endCharacter: number;
  text: string;
}

/** Where a pending region is: whole lines from `startLine`; the last one is `lastLineLength` long. */
export interface RegionShape {
  startLine: number;
  rowCount: number;
  lastLineLength: number;
}

export type ChangeEffect = { kind: 'before'; lineDelta: number } | { kind: 'after' } | { kind: 'inside' };

/**
 * How a change made by someone else relates to a pending region: entirely above it (the region
 * moves by `lineDelta` lines), entirely below it, or touching its lines. A change that would
 * join a region line with a neighbour (deleting the line break between them, or typing at the
 * very start or end of the region) touches it.
 */
export function classifyChange(region: RegionShape, change: LineChange): ChangeEffect {
  const lastLine = region.startLine + region.rowCount - 1;
  const breaks = lineBreaks(change.text);
  const endsAtRegionStart = change.endLine < region.startLine || (change.endLine === region.startLine && change.endCharacter === 0);
  if (endsAtRegionStart) {
    const keepsLineStart =
      change.endLine < region.startLine || /\n$/.test(change.text) || (change.text === '' && change.startCharacter === 0);
    if (keepsLineStart) return { kind: 'before', lineDelta: breaks - (change.endLine - change.startLine) };
    return { kind: 'inside' };
  }
  const startsAfter =
    change.startLine > lastLine ||
    (change.startLine === lastLine &&
      change.startCharacter >= region.lastLineLength &&
      change.endLine === change.startLine &&
      change.endCharacter === change.startCharacter &&
      /^\r?\n/.test(change.text));
  return startsAfter ? { kind: 'after' } : { kind: 'inside' };
}

/**
 * Row kinds after a change that touched the region: rows on the changed lines become 'user'
 * (never removed by a cancel), the others keep their kind and shift. Returns the new start line.
 */
export function spliceChange<K>(startLine: number, kinds: readonly K[], change: LineChange, user: K): { startLine: number; kinds: K[] } {
  const from = Math.max(0, change.startLine - startLine);
  const to = Math.min(kinds.length, change.endLine - startLine + 1);
  const inserted = new Array<K>(lineBreaks(change.text) + 1).fill(user);
  return {
    startLine: Math.min(startLine, change.startLine),
    kinds: [...kinds.slice(0, Math.min(from, kinds.length)), ...inserted, ...kinds.slice(Math.max(to, 0))],
  };
}

export function lineBreaks(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
