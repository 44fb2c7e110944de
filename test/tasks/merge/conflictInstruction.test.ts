import { describe, expect, it } from 'vitest';
import { parseOverridePrefix } from '../../../src/router/overridePrefix';
import { conflictInstruction } from '../../../src/tasks/merge/conflictInstruction';

describe('conflictInstruction', () => {
  it('goes to the fast model and carries the task\'s and the original text, fenced past their own backticks', () => {
    const text = conflictInstruction({ task: 'a ```b``` c\r\n', base: 'old\n' }, 'The task "Rename x"');
    const parsed = parseOverridePrefix(text);
    expect(parsed.target).toBe('fast');
    expect(text).toContain('````\na ```b``` c\n````');
    expect(text).toContain('```\nold\n```');
    expect(text).toContain('The task "Rename x" changed the same original text to:');
  });
});
