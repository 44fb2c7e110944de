import { describe, expect, it } from 'vitest';
import { SnippetRing } from '../../src/context/snippetRing';

const allow = () => true;

describe('SnippetRing', () => {
  it('keeps the newest chunks up to its capacity', () => {
    const ring = new SnippetRing({ capacity: 2, maxLines: 64, duplicateThreshold: 0.8 });
    ring.add('a.ts', 'const a = 1;');
    ring.add('b.ts', 'const b = 2;');
    ring.add('c.ts', 'const c = 3;');
    expect(ring.select('x.ts', '', allow).map((s) => s.path)).toEqual(['c.ts', 'b.ts']);
  });

  it('replaces a near-duplicate chunk instead of keeping both', () => {
    const ring = new SnippetRing();
    const body = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    ring.add('a.ts', body);
    ring.add('a.ts', body + '\nline 20');
    expect(ring.size).toBe(1);
    expect(ring.select('x.ts', '', allow)[0].text).toContain('line 20');
  });

  it('limits chunk length in lines', () => {
    const ring = new SnippetRing({ capacity: 4, maxLines: 3, duplicateThreshold: 0.8 });
    ring.add('a.ts', 'l1\nl2\nl3\nl4\nl5');
    expect(ring.select('x.ts', '', allow)[0].text).toBe('l1\nl2\nl3');
  });

  it('ranks chunks sharing identifiers with the code near the cursor first, skips the current file', () => {
    const ring = new SnippetRing();
    ring.add('user.ts', 'export interface User { name: string; email: string }');
    ring.add('math.ts', 'export function clamp(v: number) { return v; }');
    ring.add('here.ts', 'function formatUser(user: User) {}');
    const picked = ring.select('here.ts', 'function formatUser(user: User) { return user.email', allow);
    expect(picked.map((s) => s.path)).toEqual(['user.ts', 'math.ts']);
  });

  it('never offers denied or binary content', () => {
    const ring = new SnippetRing();
    ring.add('blob.bin', 'PK\u0003\u0004\u0000\u0000binary');
    ring.add('.env', 'SECRET=1');
    ring.add('ok.ts', 'const ok = true;');
    expect(ring.select('x.ts', '', (p) => p !== '.env').map((s) => s.path)).toEqual(['ok.ts']);
  });

  describe('chunks of one file whose lines are known', () => {
    const file = Array.from({ length: 200 }, (_, i) => `statement number ${i};`);
    const lines = (from: number, to: number) => `${file.slice(from, to).join('\n')}\n`;
    const given = (ring: SnippetRing) => ring.select('x.ts', '', allow).map((s) => `${s.path}:${s.line}:${s.text.split('\n').length}`);

    it('join when they overlap or touch, each line once, the new text winning where both have it', () => {
      const ring = new SnippetRing();
      ring.add('a.ts', lines(10, 40), 10);
      ring.add('a.ts', lines(30, 50).replace('statement number 35;', 'edited 35;'), 30);
      ring.add('a.ts', lines(50, 60), 50);
      expect(given(ring)).toEqual(['a.ts:10:50']);
      const text = ring.select('x.ts', '', allow)[0].text.split('\n');
      expect(text[0]).toBe('statement number 10;');
      expect(text[25]).toBe('edited 35;');
      expect(text.at(-1)).toBe('statement number 59;');
      expect(new Set(text).size).toBe(text.length);
    });

    it('take their lines from a kept chunk too large to join, which keeps its larger piece', () => {
      const ring = new SnippetRing();
      ring.add('a.ts', lines(0, 60), 0);
      ring.add('a.ts', lines(50, 100), 50);
      expect(given(ring).sort()).toEqual(['a.ts:0:50', 'a.ts:50:50']);
      // A new chunk inside a kept one: the kept one keeps its larger side.
      ring.add('a.ts', lines(5, 45), 5);
      const all = ring.select('x.ts', '', allow);
      const text = all.flatMap((s) => s.text.split('\n'));
      expect(new Set(text).size).toBe(text.length);
    });

    it('stay apart when they are apart, or of other files', () => {
      const ring = new SnippetRing();
      ring.add('a.ts', lines(0, 10), 0);
      ring.add('a.ts', lines(20, 30), 20);
      ring.add('b.ts', lines(10, 20), 10);
      expect(given(ring).sort()).toEqual(['a.ts:0:10', 'a.ts:20:10', 'b.ts:10:10']);
    });
  });

  it('forgets a file', () => {
    const ring = new SnippetRing();
    ring.add('a.ts', 'const a = 1;');
    ring.removePath('a.ts');
    expect(ring.size).toBe(0);
  });
});
