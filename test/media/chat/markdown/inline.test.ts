import { describe, expect, it } from 'vitest';
import { parseInline } from '../../../../media/chat/markdown/inline';
import { el } from '../../../../media/chat/markdown/mdNode';

describe('parseInline', () => {
  it('parses emphasis, strong, strike-through and code spans', () => {
    expect(parseInline('a *b* **c** ***d*** ~~e~~ `f`')).toEqual([
      'a ', el('em', ['b']), ' ', el('strong', ['c']), ' ', el('strong', [el('em', ['d'])]), ' ', el('del', ['e']), ' ', el('code', ['f']),
    ]);
    expect(parseInline('**bold with *em* inside**')).toEqual([el('strong', ['bold with ', el('em', ['em']), ' inside'])]);
    expect(parseInline('``a ` b``')).toEqual([el('code', ['a ` b'])]);
  });

  it('leaves unclosed markers, snake_case and arithmetic as text', () => {
    expect(parseInline('**still streaming')).toEqual(['**still streaming']);
    expect(parseInline('snake_case_name and 2 * 3 * 4')).toEqual(['snake_case_name and 2 * 3 * 4']);
    expect(parseInline('`open code')).toEqual(['`open code']);
  });

  it('makes links only for web and mail targets', () => {
    expect(parseInline('[docs](https://example.com/a "Title")')).toEqual([el('a', ['docs'], { href: 'https://example.com/a', title: 'Title' })]);
    expect(parseInline('see https://example.com/x.')).toEqual(['see ', el('a', ['https://example.com/x'], { href: 'https://example.com/x' }), '.']);
    expect(parseInline('<mailto:a@b.c>')).toEqual([el('a', ['mailto:a@b.c'], { href: 'mailto:a@b.c' })]);
    expect(parseInline('[run](command:x)')).toEqual([el('span', ['run'], { cls: 'link-refused', title: 'Link not opened: command:x' })]);
    expect(parseInline('[a [b](https://e.com)')).toEqual(['[a ', el('a', ['b'], { href: 'https://e.com/' })]);
  });

  it('keeps raw HTML and escapes as literal text', () => {
    expect(parseInline('<b>x</b> \\*not em\\*')).toEqual(['<b>x</b> *not em*']);
  });

  it('turns two trailing spaces or a backslash before a newline into a line break', () => {
    expect(parseInline('a  \nb\\\nc\nd')).toEqual(['a', el('br'), 'b', el('br'), 'c\nd']);
  });

  // Each unclosed opener would rescan the rest of the text without the no-closer memo: 100k
  // characters of them would then run far past the test timeout.
  it('finishes on long runs of unclosed markers, leaving them literal', () => {
    const text = `\`${'*a [b _c ~~d '.repeat(8_000)}`;
    expect(parseInline(text)).toEqual([text]);
  });
});
