import { describe, expect, it } from 'vitest';
import { middleChange } from '../../src/edits/middleChange';

const apply = (before: string, c: ReturnType<typeof middleChange>) => before.slice(0, c.start) + c.text + before.slice(c.end);

describe('middleChange', () => {
  it('replaces only what differs between a common prefix and suffix', () => {
    const before = 'function a() {\r\n\treturn 1;\r\n}\r\n';
    const after = '/** doc */\r\nfunction a() {\r\n\treturn 2;\r\n}\r\n';
    const c = middleChange(before, after);
    expect(apply(before, c)).toBe(after);
    expect(c).toEqual({ start: 0, end: before.indexOf('1;') + 1, text: '/** doc */\r\nfunction a() {\r\n\treturn 2' });
  });

  it('handles insertions, deletions, equal texts and overlapping repeats', () => {
    const cases: [string, string][] = [
      ['abc', 'abXc'],
      ['abXc', 'abc'],
      ['same', 'same'],
      ['', 'new'],
      ['old', ''],
      ['aaaa', 'aaaaaa'],
      ['abab', 'ab'],
    ];
    for (const [before, after] of cases) expect(apply(before, middleChange(before, after))).toBe(after);
    expect(middleChange('same', 'same')).toEqual({ start: 4, end: 4, text: '' });
    expect(middleChange('aaaa', 'aaaaaa')).toEqual({ start: 4, end: 4, text: 'aa' });
  });
});
