import type { DiffRow } from './diffRow';

/** How far ahead a short or punctuation-only line ("}", "") may match: such lines are everywhere. */
const TRIVIAL_WINDOW = 3;

/**
 * Line diff of the original region against a rewrite that arrives line by line. Each new line
 * either matches the next usable original line (the originals skipped on the way become
 * removed rows) or is added. Work per line is O(1) amortized: originals are indexed by text
 * once, and a per-text cursor only moves forward. Greedy, so not always minimal: the exact
 * diff (myersDiff) replaces it when the stream ends.
 */
export class StreamingDiff {
  /** Rows decided so far; only ever appended to. */
  readonly rows: DiffRow[] = [];
  private readonly lines: string[] = [];
  private next = 0;
  private readonly positions = new Map<string, { at: number[]; cursor: number }>();

  constructor(readonly original: readonly string[]) {
    original.forEach((text, i) => {
      const entry = this.positions.get(text);
      if (entry) entry.at.push(i);
      else this.positions.set(text, { at: [i], cursor: 0 });
    });
  }

  /** Index of the first original line not yet matched or removed. */
  get pointer(): number {
    return this.next;
  }

  /** Every complete line of the rewrite received so far. */
  get received(): readonly string[] {
    return this.lines;
  }

  pushLine(text: string): void {
    this.lines.push(text);
    const match = this.findMatch(text);
    if (match < 0) {
      this.rows.push({ kind: 'added', text });
      return;
    }
    for (let i = this.next; i < match; i++) this.rows.push({ kind: 'removed', text: this.original[i] });
    this.rows.push({ kind: 'same', text });
    this.next = match + 1;
  }

  /**
   * How far the rewrite got into the original when it stops early: past the last matched line,
   * plus the original lines that the trailing new lines look like rewrites of (one each, in order).
   */
  reached(): number {
    let k = this.rows.length;
    while (k > 0 && this.rows[k - 1].kind === 'added') k--;
    let j = this.next;
    for (let i = k; i < this.rows.length && j < this.original.length; i++) if (similar(this.rows[i].text, this.original[j])) j++;
    return j;
  }

  /** True when `partial` could still become the next original line (so it need not be shown as new). */
  continuesOriginal(partial: string): boolean {
    return this.next < this.original.length && this.original[this.next].startsWith(partial);
  }

  private findMatch(text: string): number {
    const entry = this.positions.get(text);
    if (!entry) return -1;
    while (entry.cursor < entry.at.length && entry.at[entry.cursor] < this.next) entry.cursor++;
    if (entry.cursor === entry.at.length) return -1;
    const candidate = entry.at[entry.cursor];
    if (candidate - this.next <= TRIVIAL_WINDOW) return candidate;
    // Far ahead: trust only a distinctive line that occurs once in what is left.
    const unique = entry.cursor === entry.at.length - 1;
    return unique && isDistinctive(text) ? candidate : -1;
  }
}

function isDistinctive(text: string): boolean {
  const t = text.trim();
  return t.length >= 4 && /[\p{L}\p{N}]/u.test(t);
}

/** Same line, edited: the common head and tail cover at least half of the longer line. */
function similar(a: string, b: string): boolean {
  const x = a.trim();
  const y = b.trim();
  const max = Math.max(x.length, y.length);
  if (max === 0) return true;
  let head = 0;
  while (head < x.length && head < y.length && x[head] === y[head]) head++;
  let tail = 0;
  while (tail < x.length - head && tail < y.length - head && x[x.length - 1 - tail] === y[y.length - 1 - tail]) tail++;
  return (head + tail) * 2 >= max;
}
