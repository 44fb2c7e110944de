import { describe, expect, it } from 'vitest';
import { LineAssembler } from '../../src/edits/lineAssembler';

describe('LineAssembler', () => {
  it('emits complete lines and keeps the unfinished one', () => {
    const a = new LineAssembler();
    expect(a.push('ab')).toEqual([]);
    expect(a.partial).toBe('ab');
    expect(a.push('c\nde\n\nf')).toEqual(['abc', 'de', '']);
    expect(a.partial).toBe('f');
  });

  it('treats \\r\\n split across deltas as one break and hides the pending \\r', () => {
    const a = new LineAssembler();
    expect(a.push('x\r')).toEqual([]);
    expect(a.partial).toBe('x');
    expect(a.push('\ny\r\n')).toEqual(['x', 'y']);
    expect(a.partial).toBe('');
  });

  it('keeps tabs and a lone \\r inside a line', () => {
    const a = new LineAssembler();
    expect(a.push('\tif a\rb\n')).toEqual(['\tif a\rb']);
  });
});
