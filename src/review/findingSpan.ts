import type { LineRange } from '../code/enclosingBlock';

/** Where a finding's squiggle goes, in editor positions. */
export interface FindingSpan {
  startLine: number;
  startCharacter: number;
  endLine: number;
  endCharacter: number;
}

/**
 * The finding's lines from the first non-blank character to the end of the last line, within
 * a document of `lineCount` lines whose text `lineAt` gives.
 */
export function findingSpan(lines: LineRange, lineCount: number, lineAt: (line: number) => string): FindingSpan {
  const last = Math.max(0, Math.min(lines.end, lineCount) - 1);
  const first = Math.max(0, Math.min(lines.start, last));
  const head = lineAt(first);
  const indent = head.length - head.trimStart().length;
  return { startLine: first, startCharacter: indent === head.length ? 0 : indent, endLine: last, endCharacter: lineAt(last).length };
}
