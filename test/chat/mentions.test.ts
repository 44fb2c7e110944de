import { describe, expect, it } from 'vitest';
import { formatMention, mentionAt, parseMentions } from '../../src/chat/mentions';

describe('mentions', () => {
  it('finds @path mentions, quoted paths, without trailing punctuation, once each', () => {
    expect(parseMentions('look at @src/a.ts and @"my docs/b.md", then @src/a.ts.')).toEqual(['src/a.ts', 'my docs/b.md']);
    expect(parseMentions('@first (see @second)')).toEqual(['first', 'second']);
  });

  it('ignores e-mail addresses and a bare @', () => {
    expect(parseMentions('mail me@example.com or @ alone')).toEqual([]);
  });

  it('quotes paths with spaces', () => {
    expect(formatMention('src/a.ts')).toBe('@src/a.ts');
    expect(formatMention('a b.ts')).toBe('@"a b.ts"');
  });

  it('finds the mention being typed at the caret', () => {
    expect(mentionAt('see @src/ma', 11)).toEqual({ start: 4, query: 'src/ma' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('see @"my d', 10)).toEqual({ start: 4, query: 'my d' });
    expect(mentionAt('me@example', 10)).toBeUndefined();
    expect(mentionAt('see @a.ts now', 13)).toBeUndefined();
  });
});
