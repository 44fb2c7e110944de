import { describe, expect, it } from 'vitest';
import type { ContextItem } from '../../src/context/contextItem';
import { fitBudget, itemTokens, totalTokens } from '../../src/context/fitBudget';
import { itemScore, rankItems } from '../../src/context/rankItems';

let n = 0;
/** Each item from its own file unless told (a file's definitions share one label). */
const item = (over: Partial<ContextItem> = {}): ContextItem => {
  n++;
  return { source: 'definitions', path: `f${String(n).padStart(4, "0")}.ts`, text: 'x'.repeat(40), distance: 0, ageMs: 0, uses: 1, key: `k${n}`, ...over };
};

describe('rankItems', () => {
  it('puts what is closer to the focus first, then what is more recent, then what is used more', () => {
    const far = item({ distance: 100 });
    const near = item({ distance: 2 });
    expect(rankItems([far, near])).toEqual([near, far]);
    const old = item({ ageMs: 10 * 60_000 });
    const fresh = item({ ageMs: 1_000 });
    expect(rankItems([old, fresh])).toEqual([fresh, old]);
    const once = item({ uses: 1 });
    const often = item({ uses: 12 });
    expect(rankItems([once, often])).toEqual([often, once]);
  });

  it('weighs distance over use count: a name used once beside the cursor beats one used often far away', () => {
    expect(itemScore(item({ distance: 0, uses: 1 }))).toBeGreaterThan(itemScore(item({ distance: 200, uses: 30 })));
  });

  it('drops duplicates by key, keeping the first', () => {
    const a = item({ key: 'same', text: 'first' });
    const b = item({ key: 'same', text: 'second', distance: -5 });
    expect(rankItems([a, b])).toEqual([a]);
  });
});

describe('fitBudget', () => {
  it('gives each source its share, best items first, and never goes over the budget', () => {
    const defs = Array.from({ length: 20 }, (_, i) => item({ distance: i }));
    const edits = Array.from({ length: 20 }, (_, i) => item({ source: 'edits', distance: i }));
    const budget = { tokens: 200, shares: { definitions: 0.5, edits: 0.5 } };
    const fitted = fitBudget([...defs, ...edits], budget);
    expect(totalTokens(fitted)).toBeLessThanOrEqual(200);
    const perItem = itemTokens(defs[0]);
    // Each source fills its own half first (the best first); the leftovers together may take one more.
    const kept = { definitions: fitted.filter((i) => i.source === 'definitions'), edits: fitted.filter((i) => i.source === 'edits') };
    expect(kept.definitions).toEqual(defs.slice(0, kept.definitions.length));
    expect(kept.edits).toEqual(edits.slice(0, kept.edits.length));
    expect(kept.definitions.length).toBeGreaterThanOrEqual(Math.floor(100 / perItem));
    expect(kept.edits.length).toBeGreaterThanOrEqual(Math.floor(100 / perItem));
    expect(kept.definitions.length + kept.edits.length).toBeLessThanOrEqual(Math.floor(200 / perItem));
  });

  it('hands a share one source leaves unused to the best items of the others', () => {
    const defs = Array.from({ length: 20 }, (_, i) => item({ distance: i }));
    const fitted = fitBudget(defs, { tokens: 200, shares: { definitions: 0.5, edits: 0.5 } });
    expect(fitted.length).toBe(Math.floor(200 / itemTokens(defs[0])));
  });

  it('hands what is left to the source with the larger share first, whatever the other source\u2019s scores', () => {
    // Viewed code scores higher (nearer) here, but the surface values definitions more.
    const defs = Array.from({ length: 20 }, (_, i) => item({ distance: 30 + i }));
    const viewed = Array.from({ length: 20 }, () => item({ source: 'viewed', distance: 0 }));
    const fitted = fitBudget([...viewed, ...defs], { tokens: 300, shares: { definitions: 0.5, viewed: 0.25, edits: 0.25 } });
    const perItem = itemTokens(defs[0]);
    expect(fitted.filter((i) => i.source === 'viewed').length).toBe(Math.floor(75 / perItem));
    expect(fitted.filter((i) => i.source === 'definitions').length).toBe(Math.floor(300 / perItem) - Math.floor(75 / perItem));
  });

  it('sends nothing of a source the surface gives no share', () => {
    const fitted = fitBudget([item({ source: 'viewed' }), item()], { tokens: 1000, shares: { definitions: 1 } });
    expect(fitted.map((i) => i.source)).toEqual(['definitions']);
  });

  it('counts a file\u2019s label once for its definitions, so more of them fit', () => {
    const own = Array.from({ length: 10 }, (_, i) => item({ distance: i }));
    const shared = Array.from({ length: 10 }, (_, i) => item({ distance: i, path: 'same.ts' }));
    const budget = { tokens: 60, shares: { definitions: 1 } };
    expect(fitBudget(shared, budget).length).toBeGreaterThan(fitBudget(own, budget).length);
    expect(totalTokens(fitBudget(shared, budget))).toBeLessThanOrEqual(60);
  });

  it('skips an item too large for what is left and takes a smaller one after it', () => {
    const big = item({ text: 'y'.repeat(400), distance: 0 });
    const small = item({ distance: 5 });
    expect(fitBudget([big, small], { tokens: 50, shares: { definitions: 1 } })).toEqual([small]);
  });

  it('cuts lines off the end of a trimmable item to fit, keeping at least three', () => {
    const long = item({ source: 'viewed', text: Array.from({ length: 40 }, (_, i) => `line ${i} of viewed code`).join('\n'), trimmable: true });
    const [fitted] = fitBudget([long], { tokens: 60, shares: { viewed: 1 } });
    expect(fitted.text.split('\n').length).toBeGreaterThanOrEqual(3);
    expect(fitted.text.split('\n').length).toBeLessThan(40);
    expect(long.text.startsWith(fitted.text)).toBe(true);
    expect(itemTokens(fitted)).toBeLessThanOrEqual(60);
    expect(fitBudget([long], { tokens: 12, shares: { viewed: 1 } })).toEqual([]);
  });
});
