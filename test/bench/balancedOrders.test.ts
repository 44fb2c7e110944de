import { describe, expect, it } from 'vitest';
import { balancedOrders, balancedTurns } from '../../bench/balancedOrders.mjs';

/** How often each window comes right after each other one; `chain`: across turns too. */
function follows(orders: number[][], n: number, chain = false): number[][] {
  const count = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const steps = chain ? [orders.flat()] : orders;
  for (const order of steps) for (let j = 1; j < order.length; j++) count[order[j - 1]][order[j]]++;
  return count;
}

const others = (count: number[][]) => count.flatMap((row, a) => row.filter((_, b) => b !== a));
const selves = (count: number[][]) => count.reduce((n, row, a) => n + row[a], 0);

describe('balanced window orders', () => {
  it.each([1, 2, 3, 4, 5, 6, 7])('with %i windows: each order holds every window once, each window follows every other equally often and takes every place equally often', (n) => {
    const orders = balancedOrders(n);
    expect(orders).toHaveLength(n % 2 === 0 ? n : 2 * n);
    for (const order of orders) expect([...order].sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
    const each = n % 2 === 0 ? 1 : 2;
    const count = follows(orders, n);
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) expect(count[a][b]).toBe(a === b ? 0 : each);
    for (let place = 0; place < n; place++) {
      const at = orders.map((o) => o[place]).sort((a, b) => a - b);
      expect(at).toEqual([...Array(n).keys()].flatMap((w) => new Array<number>(orders.length / n).fill(w)));
    }
  });

  it('differs from a plain rotation, where each window always follows the same one', () => {
    const rotation = Array.from({ length: 4 }, (_, i) => [0, 1, 2, 3].map((x) => (x + i) % 4));
    expect(follows(rotation, 4)[0][1]).toBe(3);
    expect(follows(balancedOrders(4), 4)[0][1]).toBe(1);
  });

  it.each([
    [5, 138],
    [5, 100],
    [3, 200],
  ])('with %i windows over %i turns, seams included, every window follows every other within one of the same count, never itself', (n, turns) => {
    const orders = balancedTurns(n, turns);
    expect(orders).toHaveLength(turns);
    for (const order of orders) expect(balancedOrders(n)).toContainEqual(order);
    const count = follows(orders, n, true);
    expect(Math.max(...others(count)) - Math.min(...others(count))).toBeLessThanOrEqual(2);
    expect(selves(count)).toBe(0);
  });

  it('spreads the seams where the design taken in its fixed sequence repeats them', () => {
    const rows = balancedOrders(5);
    const fixed = Array.from({ length: 140 }, (_, t) => rows[t % rows.length]);
    const spread = (count: number[][]) => Math.max(...others(count)) - Math.min(...others(count));
    expect(spread(follows(fixed, 5, true))).toBeGreaterThan(10);
    expect(spread(follows(balancedTurns(5, 140), 5, true))).toBeLessThanOrEqual(2);
  });

  it('refuses a count that is not a positive whole number', () => {
    expect(() => balancedOrders(0)).toThrow(/positive whole number/);
    expect(() => balancedOrders(2.5)).toThrow(/positive whole number/);
  });
});
