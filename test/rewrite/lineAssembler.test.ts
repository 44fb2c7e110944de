import { describe, expect, it } from 'vitest';
import { LineAssembler } from '../../src/rewrite/lineAssembler';

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

  it('keeps tabs and drops a lone \\r, which the editor would take for a line break', () => {
    const a = new LineAssembler();
    expect(a.push('\tif a\rb\n\tc\r')).toEqual(['\tif ab']);
    expect(a.partial).toBe('\tc');
  });
});
