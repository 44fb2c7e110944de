import type { ImportBinding } from '../code/findImports';
import { namesInPlay, type NameUse } from './namesInPlay';

/**
 * How far away an imported name nothing uses yet counts, in lines. Such an import is what the
 * code being written is about to use (or it is stale, and costs a line or two): closer than
 * what the file uses only far from the focus, farther than what it uses near it.
 */
export const UNUSED_IMPORT_DISTANCE = 24;

/**
 * The names in play on lines `from`..`to` of `lines` (see `namesInPlay`), the file's import
 * statements aside: an import line says where a name comes from, not that it is used there,
 * and its distance from the focus is only how far down the file the focus is. The names the
 * imports bring in that nothing else uses yet join at `UNUSED_IMPORT_DISTANCE`. Bindings whose
 * lines no longer read as they did when the file was parsed are left alone.
 */
export function namesWithImports(lines: readonly string[], from: number, to: number, focus: { start: number; end: number }, bindings: readonly ImportBinding[]): NameUse[] {
  const current = bindings.filter((b) => b.local !== '*' && b.local !== '.' && lines.slice(b.line, b.endLine + 1).some((l) => wordIn(l, b.local) >= 0));
  const skip = new Set<number>();
  for (const b of current) for (let l = b.line; l <= b.endLine; l++) skip.add(l);
  const uses = namesInPlay(lines, from, to, focus, skip);
  const used = new Set(uses.filter((u) => !u.qualifier).map((u) => u.name));
  for (const b of current) {
    if (used.has(b.local)) continue;
    used.add(b.local);
    const line = b.line + Math.max(0, lines.slice(b.line, b.endLine + 1).findIndex((l) => wordIn(l, b.local) >= 0));
    uses.push({ name: b.local, count: 1, distance: UNUSED_IMPORT_DISTANCE, line, column: Math.max(0, wordIn(lines[line], b.local)) });
  }
  return uses.sort((a, b) => a.distance - b.distance || b.count - a.count);
}

/** Where `word` stands as a whole identifier in `line`, or -1. */
function wordIn(line: string, word: string): number {
  for (let at = line.indexOf(word); at >= 0; at = line.indexOf(word, at + 1)) {
    const before = line[at - 1];
    const after = line[at + word.length];
    if (!(before && /[\w$]/.test(before)) && !(after && /[\w$]/.test(after))) return at;
  }
  return -1;
}
