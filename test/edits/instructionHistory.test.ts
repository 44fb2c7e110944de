import { describe, expect, it } from 'vitest';
import { InstructionHistory } from '../../src/edits/instructionHistory';

describe('InstructionHistory', () => {
  it('keeps the newest first without duplicates and within its size', () => {
    const h = new InstructionHistory([], 3);
    h.add('a');
    h.add('b');
    h.add('a');
    expect(h.items()).toEqual(['a', 'b']);
    h.add('c');
    expect(h.add(' d ')).toEqual(['d', 'c', 'a']);
  });

  it('ignores blank instructions and malformed saved state', () => {
    const h = new InstructionHistory(['ok', 3, '', null, '  ']);
    expect(h.items()).toEqual(['ok']);
    h.add('   ');
    expect(h.items()).toEqual(['ok']);
  });
});
