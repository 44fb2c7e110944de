import type { ContextItem } from './contextItem';

/** Shorter lines (braces, `else:`, `return;`) repeat by nature and are left alone. */
const MIN_LINE_CHARS = 8;
/** An item left with less than this share of its lines adds too little on its own: dropped. */
const MIN_KEPT_SHARE = 0.3;
/** A comment line: what is left of an item as comments alone says nothing. */
const COMMENT = /^\s*(\/\/|\/\*|\*|#|"""|''')/;

/**
 * The items, in the order given (the one sent first first), each line of a file once: lines an
 * earlier item of the same file gave already, or that `given` holds for that file (the prompt's
 * own window of the open file), are left out of the later one. A gap in a piece of code is
 * marked with `…`; an item left with little of its own is dropped.
 */
export function withoutRepeats(items: readonly ContextItem[], given: ReadonlyMap<string, ReadonlySet<string>> = new Map()): ContextItem[] {
  const seen = new Map<string, Set<string>>([...given].map(([path, lines]) => [path, new Set(lines)]));
  const out: ContextItem[] = [];
  for (const item of items) {
    let lines = seen.get(item.path);
    if (!lines) seen.set(item.path, (lines = new Set()));
    const text = withoutLines(item.text, lines, item.trimmable === true);
    if (text === undefined) continue;
    for (const l of comparableLines(text)) lines.add(l);
    out.push(text === item.text ? item : { ...item, text });
  }
  return out;
}

/** `text` without the lines in `seen`; undefined when too little is left. */
function withoutLines(text: string, seen: ReadonlySet<string>, markGaps: boolean): string | undefined {
  const kept: string[] = [];
  let counted = 0;
  let dropped = 0;
  let gap = false;
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (t.length >= MIN_LINE_CHARS) counted++;
    if (t.length >= MIN_LINE_CHARS && seen.has(t)) {
      dropped++;
      gap = true;
      continue;
    }
    if (gap && markGaps && kept.some((k) => k.trim())) kept.push(`${/^\s*/.exec(line)![0]}…`);
    gap = false;
    kept.push(line);
  }
  if (!dropped) return text;
  if (counted - dropped < Math.max(1, counted * MIN_KEPT_SHARE) || kept.every((l) => !l.trim() || COMMENT.test(l))) return undefined;
  while (kept.length && !kept.at(-1)!.trim()) kept.pop();
  while (kept.length && !kept[0].trim()) kept.shift();
  return kept.join('\n');
}

/** The lines of `text` as `withoutRepeats` compares them (long enough to count). */
export function comparableLines(text: string): Set<string> {
  const out = new Set<string>();
  for (const l of text.split('\n')) if (l.trim().length >= MIN_LINE_CHARS) out.add(l.trim());
  return out;
}
