import { describe, expect, it } from 'vitest';
import { highlightLines } from '../../../../media/chat/markdown/highlight';

const kinds = (code: string, lang: string) => highlightLines(code, lang).map((line) => line.map((t) => `${t.kind}:${t.text}`));

describe('highlightLines', () => {
  it('marks keywords, strings, numbers and comments in C-like code', () => {
    expect(kinds('const a = "x"; // note', 'ts')).toEqual([['keyword:const', 'plain: a = ', 'string:"x"', 'plain:; ', 'comment:// note']]);
    expect(kinds('return 42;', 'go')).toEqual([['keyword:return', 'plain: ', 'number:42', 'plain:;']]);
  });

  it('carries block comments and template strings across lines', () => {
    expect(kinds('/* a\nb */ x', 'js')).toEqual([['comment:/* a'], ['comment:b */', 'plain: x']]);
    expect(kinds('`a\nb` + 1', 'js')).toEqual([['string:`a'], ['string:b`', 'plain: + ', 'number:1']]);
  });

  it('handles escapes, script languages and unknown languages', () => {
    expect(kinds('"a\\"b" c', 'ts')[0]![0]).toBe('string:"a\\"b"');
    expect(kinds('def f(): # hi', 'python')).toEqual([['keyword:def', 'plain: f(): ', 'comment:# hi']]);
    expect(kinds('"""doc\nstring"""', 'py')).toEqual([['string:"""doc'], ['string:string"""']]);
    expect(kinds('if x', 'klingon')).toEqual([['plain:if x']]);
  });

  it('returns one token list per line, concatenating back to the code', () => {
    const code = 'let s = "unterminated\nnext line\n\nend';
    const lines = highlightLines(code, 'ts');
    expect(lines.map((l) => l.map((t) => t.text).join('')).join('\n')).toBe(code);
  });
});
