import { describe, expect, it } from 'vitest';
import { RewriteFeed } from '../../src/rewrite/rewriteFeed';
import { rowsSize, shownRows } from '../../src/variants/variantRows';

const ORIGINAL = ['function f() {', '  return 1;', '}'];

describe('shownRows', () => {
  it('while streaming: decided rows, the unfinished line, then the original not reached yet', () => {
    const feed = new RewriteFeed(ORIGINAL);
    feed.push('function f() {\n  return 2');
    const shown = shownRows(feed, 'streaming');
    expect(shown.final).toBe(false);
    expect(shown.stable).toEqual([{ kind: 'same', text: 'function f() {' }]);
    expect(shown.tail).toEqual([
      { kind: 'added', text: '  return 2' },
      { kind: 'rest', text: '  return 1;' },
      { kind: 'rest', text: '}' },
    ]);
  });
  it('done: the exact diff without fences', () => {
    const feed = new RewriteFeed(ORIGINAL);
    feed.push('```ts\nfunction f() {\n  return 2;\n}\n```\n');
    const shown = shownRows(feed, 'done');
    expect(shown.final).toBe(true);
    expect(shown.stable.map((r) => r.kind)).toEqual(['same', 'removed', 'added', 'same']);
    expect(rowsSize(shown.stable)).toEqual({ added: 1, removed: 1, lines: 3, chars: 28 });
  });
  it('stopped: the lines received, then the original after them', () => {
    const feed = new RewriteFeed(ORIGINAL);
    feed.push('// note\nfunction f() {\n');
    const rows = shownRows(feed, 'stopped').stable;
    expect(rows.filter((r) => r.kind !== 'removed').map((r) => r.text)).toEqual(['// note', 'function f() {', '  return 1;', '}']);
  });
});
