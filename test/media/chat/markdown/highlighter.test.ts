import { describe, expect, it } from 'vitest';
import { Highlighter } from '../../../../media/chat/markdown/highlighter';

const highlighter = new Highlighter();
const highlightLines = (code: string, lang: string) => highlighter.lines(code, lang);

const kinds = (code: string, lang: string) => highlightLines(code, lang).map((line) => line.filter((t) => t.kind !== 'plain').map((t) => `${t.kind}:${t.text}`));

describe('Highlighter.lines', () => {
  it('marks keywords, strings, numbers and comments in C-like code', () => {
    expect(kinds('const a = "x"; // note', 'ts')).toEqual([['keyword:const', 'string:"x"', 'comment:// note']]);
    expect(kinds('return 42;', 'go')).toEqual([['keyword:return', 'number:42']]);
  });

  it('carries block comments and template strings across lines', () => {
    expect(kinds('/* a\nb */ x', 'js')).toEqual([['comment:/* a'], ['comment:b */']]);
    expect(kinds('`a\nb` + 1', 'js')).toEqual([['string:`a'], ['string:b`', 'number:1']]);
  });

  it('tells the languages apart: YAML keys, TOML sections, shell, SQL and diffs', () => {
    expect(kinds('name: flint\ncount: 3', 'yaml')).toEqual([['attr:name:', 'string:flint'], ['attr:count:', 'number:3']]);
    expect(kinds('[server]\nport = 8080', 'toml')).toEqual([['section:[server]'], ['attr:port', 'number:8080']]);
    expect(kinds('echo "$HOME" # hi', 'bash')[0]).toContain('comment:# hi');
    expect(kinds('SELECT id FROM users', 'sql')[0]).toEqual(['keyword:SELECT', 'keyword:FROM']);
    expect(kinds('-old\n+new', 'diff')).toEqual([['deletion:-old'], ['addition:+new']]);
    expect(kinds('def f(): # hi', 'python')[0]).toEqual(['keyword:def', 'title:f', 'comment:# hi']);
  });

  it('leaves unknown languages, huge blocks and very long lines plain', () => {
    expect(kinds('if x', 'klingon')).toEqual([[]]);
    expect(kinds(`const a = 1;\n${'x'.repeat(3000)}`, 'ts')).toEqual([[], []]);
    expect(kinds('let x = 1;\n'.repeat(3000), 'ts').flat()).toEqual([]);
  });

  it('reads markup characters in code back as text, never as markup', () => {
    const code = 'const s = "<img src=x onerror=alert(1)>" && a < b && c > d; // &amp;';
    expect(highlightLines(code, 'ts').map((l) => l.map((t) => t.text).join('')).join('\n')).toBe(code);
  });

  it('returns one token list per line, concatenating back to the code', () => {
    const code = 'let s = "unterminated\nnext line\n\nend';
    const lines = highlightLines(code, 'ts');
    expect(lines.map((l) => l.map((t) => t.text).join('')).join('\n')).toBe(code);
  });

  it('counts a grammar warm once it has highlighted, per highlighter', () => {
    const fresh = new Highlighter();
    expect(fresh.isWarm('rust')).toBe(false);
    expect(fresh.isWarm('klingon')).toBe(true);
    fresh.lines('fn main() {}', 'rust');
    expect(fresh.isWarm('rust')).toBe(true);
    expect(new Highlighter().isWarm('rust')).toBe(false);
  });
});

describe('Highlighter idle compiling', () => {
  const idle = (ms: number) => ({ timeRemaining: () => ms });

  it('compiles only in an idle period longer than a frame, unless none has compiled for 3 s', () => {
    let now = 0;
    const hl = new Highlighter(() => now);
    expect(hl.mayCompileIn(idle(25))).toBe(true);
    expect(hl.mayCompileIn(idle(10))).toBe(false);
    now = 3_000;
    expect(hl.mayCompileIn(idle(10))).toBe(true);
    hl.lines('x = 1', 'python');
    expect(hl.mayCompileIn(idle(10))).toBe(false);
  });

  it('warms every language one per long idle period, then says it is done', () => {
    const hl = new Highlighter(() => 0);
    const queue: ((idle: { timeRemaining(): number }) => void)[] = [];
    let done = false;
    hl.warmUp((cb) => queue.push(cb), () => (done = true));
    // Short idle periods compile nothing.
    for (let i = 0; i < 5; i++) queue.shift()!(idle(5));
    expect(hl.isWarm('typescript')).toBe(false);
    for (let i = 0; i < 100 && !done; i++) queue.shift()!(idle(30));
    expect(done).toBe(true);
    for (const lang of ['typescript', 'python', 'java', 'markdown', 'toml']) expect(hl.isWarm(lang)).toBe(true);
  });
});
