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

  it('forgets a file', () => {
    const ring = new SnippetRing();
    ring.add('a.ts', 'const a = 1;');
    ring.removePath('a.ts');
    expect(ring.size).toBe(0);
  });
});
