import { KEYWORDS } from './lineSimilarity';
import type { LineRange } from '../code/lineRange';

/** A name used in the lines of interest, as the code writes it. */
export interface NameUse {
  name: string;
  /** `ns` in `ns.name`, when the name is reached through a module or object. */
  qualifier?: string;
  /** Uses in the lines looked at. */
  count: number;
  /** Lines between the cursor (or the lines of interest) and the nearest use; 0 on them. */
  distance: number;
  /** 0-based line and column of the nearest use (where a language server is asked). */
  line: number;
  column: number;
}

const IDENTIFIER = /(?:([A-Za-z_$][\w$]*)\s*\.\s*)?([A-Za-z_$][\w$]*)/g;
/** Lines longer than this are data or minified code: their names are not read. */
const MAX_LINE_CHARS = 1_000;

/**
 * The names used on lines `from`..`to` (exclusive) of `lines`, keywords and one-letter names
 * left out, nearest to `focus` (a line, or the range of interest) first, then by use count.
 * Strings and comments are not told apart: a name there is still a hint of what is in play.
 * Lines in `skip` (the import statements) are not read: naming a name there is not using it.
 */
export function namesInPlay(lines: readonly string[], from: number, to: number, focus: LineRange, skip?: ReadonlySet<number>): NameUse[] {
  const uses = new Map<string, NameUse>();
  for (let i = Math.max(0, from); i < Math.min(lines.length, to); i++) {
    const line = lines[i];
    if (line.length > MAX_LINE_CHARS || skip?.has(i)) continue;
    const distance = i < focus.start ? focus.start - i : i >= focus.end ? i - focus.end + 1 : 0;
    for (const m of line.matchAll(IDENTIFIER)) {
      const [, qualifier, name] = m;
      const column = m.index + m[0].length - name.length;
      if (qualifier && !KEYWORDS.has(qualifier)) note(uses, qualifier, undefined, i, m.index, distance);
      if (name.length < 2 || KEYWORDS.has(name)) continue;
      note(uses, name, qualifier && qualifier !== 'this' && qualifier !== 'self' ? qualifier : undefined, i, column, distance);
    }
  }
  return [...uses.values()].sort((a, b) => a.distance - b.distance || b.count - a.count);
}

function note(uses: Map<string, NameUse>, name: string, qualifier: string | undefined, line: number, column: number, distance: number): void {
  const key = qualifier ? `${qualifier}.${name}` : name;
  const use = uses.get(key);
  if (!use) {
    uses.set(key, { name, ...(qualifier ? { qualifier } : {}), count: 1, distance, line, column });
    return;
  }
  use.count++;
  if (distance < use.distance) Object.assign(use, { distance, line, column });
}
