import { describe, expect, it } from 'vitest';
import { EditLog, lineDiff } from '../../src/context/editLog';

describe('lineDiff', () => {
  it('finds the changed stretch between a common head and tail', () => {
    expect(lineDiff(['a', 'b', 'c', 'd'], ['a', 'B', 'B2', 'd'])).toEqual({ startLine: 1, removed: ['b', 'c'], added: ['B', 'B2'] });
    expect(lineDiff(['a', 'b'], ['a', 'b'])).toBeUndefined();
    expect(lineDiff(['a'], ['a', 'new'])).toEqual({ startLine: 1, removed: [], added: ['new'] });
  });
});

describe('EditLog', () => {
  it('records what changed between snapshots and offers other files\u2019 edits as diffs, newest first', () => {
    const log = new EditLog();
    log.snapshot('a.ts', 'one\ntwo\nthree', 0);
    log.snapshot('a.ts', 'one\nTWO\nthree', 1000);
    log.snapshot('b.ts', 'x', 1500);
    log.snapshot('b.ts', 'x\ny', 2000);
    expect(log.items('c.ts', 3000).map((i) => [i.path, i.text])).toEqual([
      ['b.ts', '@@ -2,0 +2,1 @@\n+y'],
      ['a.ts', '@@ -2,1 +2,1 @@\n-two\n+TWO'],
    ]);
    expect(log.items('a.ts', 3000).map((i) => i.path)).toEqual(['b.ts']);
  });

  it('forgets an edit that is undone, and keeps the one before it', () => {
    const log = new EditLog();
    log.snapshot('a.ts', 'one\ntwo\nthree', 0);
    log.snapshot('a.ts', 'ONE\ntwo\nthree', 500);
    log.snapshot('a.ts', 'ONE\ntwo\nth', 1000);
    log.snapshot('a.ts', 'ONE\ntwo\nthree', 2000);
    expect(log.items('c.ts', 3000).map((i) => i.text)).toEqual(['@@ -1,1 +1,1 @@\n-one\n+ONE']);
  });

  it('moves an edit\u2019s line numbers through the edits made after it above it', () => {
    const log = new EditLog();
    const lines = Array.from({ length: 20 }, (_, i) => `line ${i}`);
    log.snapshot('a.ts', lines.join('\n'), 0);
    lines[10] = 'changed';
    log.snapshot('a.ts', lines.join('\n'), 1);
    lines.splice(2, 0, 'inserted 1', 'inserted 2');
    log.snapshot('a.ts', lines.join('\n'), 2);
    const [newest, older] = log.items('b.ts', 3);
    expect(newest.text).toBe('@@ -3,0 +3,2 @@\n+inserted 1\n+inserted 2');
    expect(older.text).toBe('@@ -13,1 +13,1 @@\n-line 10\n+changed');
    expect(older.line).toBe(12);
  });

  it('forgets edits past their age, and clips long ones', () => {
    const log = new EditLog({ maxAgeMs: 100, maxPerFile: 6, maxFiles: 12, maxLines: 2 });
    log.snapshot('a.ts', 'a', 0);
    log.snapshot('a.ts', 'a\n1\n2\n3\n4', 10);
    expect(log.items('b.ts', 50)[0].text).toBe('@@ -2,0 +2,4 @@\n+1\n+2\n+… 2 more lines');
    expect(log.items('b.ts', 200)).toEqual([]);
  });
});
