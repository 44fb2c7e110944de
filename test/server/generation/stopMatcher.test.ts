import { describe, expect, it } from 'vitest';
import { StopMatcher } from '../../../src/server/generation/stopMatcher';

describe('StopMatcher', () => {
  it('passes text through without stop sequences', () => {
    const m = new StopMatcher([]);
    expect(m.push('abc')).toBe('abc');
    expect(m.flush()).toBe('');
  });

  it('holds back a possible stop prefix and cuts at the stop', () => {
    const m = new StopMatcher(['\n\n', 'END']);
    expect(m.push('one\n')).toBe('one');
    expect(m.push('two E')).toBe('\ntwo ');
    expect(m.push('ND more')).toBe('');
    expect(m.stoppedBy).toBe('END');
    expect(m.push('ignored')).toBe('');
    expect(m.flush()).toBe('');
  });

  it('releases held-back text when the stream ends without a stop', () => {
    const m = new StopMatcher(['STOP']);
    expect(m.push('abc ST')).toBe('abc ');
    expect(m.flush()).toBe('ST');
    expect(m.stoppedBy).toBeUndefined();
  });

  it('picks the earliest of several stops in one piece', () => {
    const m = new StopMatcher(['b', 'a']);
    expect(m.push('xaby')).toBe('x');
    expect(m.stoppedBy).toBe('a');
  });
});
