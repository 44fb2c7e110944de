import { describe, expect, it } from 'vitest';
import { proseText, withoutQuotes } from '../../src/router/proseText';

describe('proseText', () => {
  it('blanks fenced code, inline code and URLs, keeping inline code aside', () => {
    const { prose, inlineCode } = proseText('fix `a.ts` see https://x.dev/b.ts\n```js\nc.js everywhere\n```\ndone');
    expect(prose).not.toMatch(/a\.ts|b\.ts|c\.js|everywhere/);
    expect(prose).toContain('fix');
    expect(prose).toContain('done');
    expect(inlineCode).toEqual(['a.ts']);
  });

  it('treats an unclosed fence as code to the end', () => {
    expect(proseText('look:\n```\nsrc/a.ts and src/b.ts').prose).not.toContain('src/');
  });
});

describe('withoutQuotes', () => {
  it('blanks quoted literals but not apostrophes', () => {
    expect(withoutQuotes(`say "hi everywhere" and 'here too' but don't stop`)).toBe(`say   and   but don't stop`);
    expect(withoutQuotes('\u201csmart everywhere\u201d ok')).toBe('  ok');
  });
});
