import { describe, expect, it } from 'vitest';
import { buildCompletionContext, prefixWindow, suffixWindow } from '../../src/context/completionContext';
import { fitViewed } from '../../src/context/fitViewed';
import { estimateTokens } from '../../src/context/tokenEstimate';

const lines = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag} line ${i}`).join('\n');

describe('completion context windows', () => {
  it('keeps everything when it fits', () => {
    const ctx = buildCompletionContext({ prefix: 'a\nb', suffix: 'c', snippets: [{ path: 'x.ts', text: 'y' }], tokenBudget: 1000 });
    expect(ctx).toMatchObject({ prefix: 'a\nb', suffix: 'c', snippets: [{ path: 'x.ts', text: 'y' }] });
  });

  it('fits prefix, suffix and the fitted snippets into the token budget', () => {
    const snippets = fitViewed([{ path: 'a.ts', text: lines(50, 'a') }, { path: 'b.ts', text: lines(1000, 'b') }], 1024);
    const ctx = buildCompletionContext({ prefix: lines(2000, 'p'), suffix: lines(2000, 's'), snippets, tokenBudget: 1024 });
    expect(ctx.tokens).toBeLessThanOrEqual(1024);
    // The prefix starts at a 1,024-character anchor: up to 256 tokens of room can go unused.
    expect(ctx.tokens).toBeGreaterThan(1024 - 256);
    expect(ctx.snippets).toBe(snippets);
    // A quarter of the budget: the first snippet whole, the second cut to what is left of it.
    expect(ctx.snippets.map((s) => s.path)).toEqual(['a.ts', 'b.ts']);
    expect(ctx.snippets[1]!.text.length).toBeLessThan(lines(1000, 'b').length);
    expect(ctx.prefix.endsWith('p line 1999')).toBe(true);
    expect(ctx.suffix.startsWith('s line 0')).toBe(true);
  });

  it('leaves out of the snippets the open file\u2019s own lines its window holds, and drops a snippet left with none', () => {
    const own = 'const LOADSTART = "loadstart";\nconst PROGRESS = "progress";\nfunction farBelow(obj: unknown): boolean';
    const snippets = [
      { path: 'src/other.ts', text: 'const LOADSTART = "loadstart";' },
      { path: 'src/ajax.ts', text: own, section: 'Definitions' },
      { path: 'src/ajax.ts:3', text: 'const PROGRESS = "progress";' },
    ];
    const ctx = buildCompletionContext({ prefix: 'const LOADSTART = "loadstart";\nconst PROGRESS = "progress";\nget(', suffix: '\n}', snippets, tokenBudget: 4096, path: 'src/ajax.ts' });
    // Another file's line stays, whatever it reads like.
    expect(ctx.snippets).toEqual([{ path: 'src/other.ts', text: 'const LOADSTART = "loadstart";' }, { path: 'src/ajax.ts', text: 'function farBelow(obj: unknown): boolean', section: 'Definitions' }]);
    // Without the file's path, nothing is left out.
    expect(buildCompletionContext({ prefix: 'const PROGRESS = "progress";', suffix: '', snippets, tokenBudget: 4096 }).snippets).toHaveLength(3);
  });

  it('cuts the prefix at a line start and the suffix at a line end', () => {
    const w = prefixWindow(lines(500, 'p'), 1000);
    expect(w.length).toBeLessThanOrEqual(1000);
    expect(w.startsWith('p line')).toBe(true);
    const s = suffixWindow(lines(500, 's'), 1000);
    expect(s.endsWith('\n')).toBe(false);
    expect(/s line \d+$/.test(s)).toBe(true);
  });

  it('keeps the prefix window start stable while typing, for the server prompt cache', () => {
    const base = lines(3000, 'p');
    const starts = new Set<string>();
    for (let i = 0; i < 200; i++) starts.add(prefixWindow(base + 'x'.repeat(i), 8000).slice(0, 40));
    expect(starts.size).toBeLessThanOrEqual(2);
  });

  it('caps a huge single line', () => {
    const w = prefixWindow('x'.repeat(100_000), 4000);
    expect(w.length).toBeLessThanOrEqual(4000);
    expect(estimateTokens(w)).toBeLessThanOrEqual(1000);
  });
});
