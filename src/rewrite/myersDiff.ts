/**
 * Lines (both sides, after the common head and tail) above which the exact diff is not worth
 * its worst case, O((N+M)·D) ≈ 30 million steps here; callers fall back to a linear diff.
 */
export const EXACT_DIFF_LIMIT = 8000;

/** A run of lines that are equal in both sides, only in `a` (delete) or only in `b` (insert). */
export interface DiffRun {
  kind: 'equal' | 'delete' | 'insert';
  /** Index in `a` where the run starts (for inserts: the position in `a` it goes before). */
  aStart: number;
  /** Index in `b` where the run starts (for deletes: the position in `b` it comes before). */
  bStart: number;
  length: number;
}

/**
 * Shortest line edit script from `a` to `b` (Myers' O((N+M)·D) algorithm in linear space,
 * recursing on the middle snake). Lines are compared exactly; common head and tail are
 * trimmed first, so a local change in a long file costs little.
 */
export function myersDiff(a: readonly string[], b: readonly string[]): DiffRun[] {
  const ids = new Map<string, number>();
  const toId = (s: string) => {
    let id = ids.get(s);
    if (id === undefined) ids.set(s, (id = ids.size));
    return id;
  };
  const A = Int32Array.from(a, toId);
  const B = Int32Array.from(b, toId);
  const ops: ('equal' | 'delete' | 'insert')[] = [];
  const max = A.length + B.length + 2;
  const vf = new Int32Array(2 * max + 2);
  const vb = new Int32Array(2 * max + 2);
  compare(A, 0, A.length, B, 0, B.length, vf, vb, max, ops);
  return toRuns(ops);
}

function compare(
  A: Int32Array, aLo: number, aHi: number,
  B: Int32Array, bLo: number, bHi: number,
  vf: Int32Array, vb: Int32Array, offset: number,
  out: ('equal' | 'delete' | 'insert')[],
): void {
  let head = 0;
  while (aLo + head < aHi && bLo + head < bHi && A[aLo + head] === B[bLo + head]) head++;
  let tail = 0;
  while (aHi - tail > aLo + head && bHi - tail > bLo + head && A[aHi - 1 - tail] === B[bHi - 1 - tail]) tail++;
  for (let i = 0; i < head; i++) out.push('equal');
  aLo += head;
  bLo += head;
  aHi -= tail;
  bHi -= tail;
  if (aLo === aHi) {
    for (let i = bLo; i < bHi; i++) out.push('insert');
  } else if (bLo === bHi) {
    for (let i = aLo; i < aHi; i++) out.push('delete');
  } else {
    const [x, y] = middleSnake(A, aLo, aHi, B, bLo, bHi, vf, vb, offset);
    compare(A, aLo, x, B, bLo, y, vf, vb, offset, out);
    compare(A, x, aHi, B, y, bHi, vf, vb, offset, out);
  }
  for (let i = 0; i < tail; i++) out.push('equal');
}

/**
 * A point (x, y) on an optimal path that splits the problem in two strictly smaller halves.
 * Both ranges are non-empty and have no common head or tail (trimmed by the caller).
 */
function middleSnake(
  A: Int32Array, aLo: number, aHi: number,
  B: Int32Array, bLo: number, bHi: number,
  vf: Int32Array, vb: Int32Array, offset: number,
): [number, number] {
  const n = aHi - aLo;
  const m = bHi - bLo;
  const delta = n - m;
  const odd = (delta & 1) !== 0;
  const dMax = Math.ceil((n + m) / 2);
  vf[offset + 1] = 0;
  vb[offset + 1] = 0;
  for (let d = 0; d <= dMax; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && vf[offset + k - 1] < vf[offset + k + 1]) ? vf[offset + k + 1] : vf[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && A[aLo + x] === B[bLo + y]) {
        x++;
        y++;
      }
      vf[offset + k] = x;
      // Forward path k meets backward path delta - k.
      if (odd && k - delta >= -(d - 1) && k - delta <= d - 1 && x + vb[offset + delta - k] >= n) {
        return [aLo + x, bLo + y];
      }
    }
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && vb[offset + k - 1] < vb[offset + k + 1]) ? vb[offset + k + 1] : vb[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && A[aHi - 1 - x] === B[bHi - 1 - y]) {
        x++;
        y++;
      }
      vb[offset + k] = x;
      if (!odd && delta - k >= -d && delta - k <= d && x + vf[offset + delta - k] >= n) {
        return [aHi - x, bHi - y];
      }
    }
  }
  /* c8 ignore next */
  throw new Error('myersDiff: no middle snake (unreachable for non-empty ranges)');
}

function toRuns(ops: readonly ('equal' | 'delete' | 'insert')[]): DiffRun[] {
  const runs: DiffRun[] = [];
  let a = 0;
  let b = 0;
  for (const kind of ops) {
    const last = runs[runs.length - 1];
    if (last && last.kind === kind) last.length++;
    else runs.push({ kind, aStart: a, bStart: b, length: 1 });
    if (kind !== 'insert') a++;
    if (kind !== 'delete') b++;
  }
  return runs;
}
