import { describe, expect, it } from 'vitest';
import { InstructionHistory, pickInstruction } from '../../src/edits/instructionHistory';

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

describe('pickInstruction', () => {
  it('takes a highlighted earlier instruction that matches the typed words', () => {
    expect(pickInstruction('', { label: 'add tests', typed: false })).toBe('add tests');
    expect(pickInstruction('Doc com', { label: 'add a doc comment', typed: false })).toBe('add a doc comment');
  });

  it('takes the typed text over a stale highlight that does not match it', () => {
    expect(pickInstruction('stop me', { label: 'rewrite slowly', typed: false })).toBe('stop me');
    expect(pickInstruction(' rename x ', { label: 'rename x', typed: true })).toBe('rename x');
    expect(pickInstruction('  ', undefined)).toBe('');
  });
});
