// Orders in which the windows of a side-by-side run take their turns, balanced for carryover:
// a window's arrival is slowed by what the window before it left running (a request's answer
// being streamed, a pause's next-edit ask, the endpoint still busy), so a fixed rotation hands
// the same neighbour to the same window every time and a transport's figure carries its
// neighbour's cost. A Williams design fixes that within each turn: across its orders, every
// window comes right after every other one equally often, and takes every place equally often.

/**
 * The orders of a Williams design for `n` windows (indices 0..n-1): n orders for an even n,
 * 2n for an odd one (each order and its reverse).
 */
export function balancedOrders(n) {
  if (!Number.isInteger(n) || n < 1) throw new Error(`balancedOrders needs a positive whole number of windows, not ${n}`);
  // 0, 1, n-1, 2, n-2, …: for an even n its steps take every non-zero value mod n once; for an
  // odd n, the order and its reverse together take each twice.
  const first = [0];
  for (let k = 1, lo = 1, hi = n - 1; k < n; k++) first.push(k % 2 === 1 ? lo++ : hi--);
  const rows = Array.from({ length: n }, (_, i) => first.map((x) => (x + i) % n));
  return n % 2 === 0 ? rows : [...rows, ...rows.map((r) => [...r].reverse())];
}

/**
 * The orders of `turns` consecutive turns: each pass through the design uses every order once,
 * in a sequence chosen so that the seams (one turn's last window, the next turn's first) spread
 * over the pairs as evenly as the inner steps do and a window seldom follows itself; taken in
 * a fixed sequence, the seams would hand the same pairs over again and again.
 */
export function balancedTurns(n, turns) {
  const rows = balancedOrders(n);
  const follows = Array.from({ length: n }, () => new Array(n).fill(0));
  const out = [];
  let left = [];
  let last;
  for (let t = 0; t < turns; t++) {
    if (left.length === 0) left = rows.map((_, i) => i);
    const seam = (i) => (last === undefined ? 0 : rows[left[i]][0] === last ? Infinity : follows[last][rows[left[i]][0]]);
    let pick = 0;
    for (let i = 1; i < left.length; i++) if (seam(i) < seam(pick)) pick = i;
    const row = rows[left.splice(pick, 1)[0]];
    if (last !== undefined) follows[last][row[0]]++;
    for (let j = 1; j < n; j++) follows[row[j - 1]][row[j]]++;
    last = row[n - 1];
    out.push(row);
  }
  return out;
}
