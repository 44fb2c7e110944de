import { describe, expect, it } from 'vitest';
import { hunkContext } from '../../../src/tasks/merge/hunkContext';
import { mergeText } from '../../../src/tasks/merge/mergeText';

describe('hunkContext', () => {
  const base = Array.from({ length: 20 }, (_, i) => `line ${i + 1}\r\n`).join('');
  const ours = base.replace('line 12\r\n', 'line 12 (yours)\r\n');
  const task = base.replace('line 12\r\n', 'line 12 (task)\r\n');

  it('takes whole lines above and below a conflict, line endings kept', () => {
    const [h] = mergeText(base, ours, task).hunks;
    const c = hunkContext(ours, h);
    expect(c.before).toBe(base.split('\r\n').slice(3, 11).map((l) => `${l}\r\n`).join(''));
    expect(c.after).toBe('line 13\r\nline 14\r\nline 15\r\n');
    expect(c.before + h.user + c.after).toBe(ours.slice(ours.indexOf('line 4\r\n'), ours.indexOf('line 16')));
  });

  it('stops at the file\'s ends', () => {
    const c = hunkContext('a\nb', { oursOffset: 0, user: 'a\n' });
    expect(c).toEqual({ before: '', after: 'b' });
  });
});
