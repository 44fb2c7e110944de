// Orders in which the windows of a side-by-side run take their turns, balanced for carryover:
// a window's arrival is slowed by what the window before it left running (a request's answer
// being streamed, a pause's next-edit ask, the endpoint still busy), so a fixed rotation hands
// the same neighbour to the same window every time and a transport's figure carries its
// neighbour's cost. A Williams design fixes that: across the orders, every window comes right
// after every other one equally often, and takes every place in the order equally often.

/**
 * The orders of a Williams design for `n` windows (indices 0..n-1): n orders for an even n,
 * 2n for an odd one (each order and its reverse).
 */
export function balancedOrders(n) {
  if (!Number.isInteger(n) || n < 1) throw new Error(`balancedOrders needs a positive whole number of windows, not ${n}`);
  // 0, 1, n-1, 2, n-2, …: consecutive differences take every non-zero value mod n once.
  const first = [0];
  for (let k = 1, lo = 1, hi = n - 1; k < n; k++) first.push(k % 2 === 1 ? lo++ : hi--);
  const rows = Array.from({ length: n }, (_, i) => first.map((x) => (x + i) % n));
  return n % 2 === 0 ? rows : [...rows, ...rows.map((r) => [...r].reverse())];
}
