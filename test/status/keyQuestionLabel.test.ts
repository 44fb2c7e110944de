import { describe, expect, it } from 'vitest';
import { keyQuestionLabel } from '../../src/status/keyQuestionLabel';

const q = (host: string, state: 'waiting' | 'denied') => ({ destination: { id: `https://${host}`, host }, state });

describe('keyQuestionLabel', () => {
  it('has nothing to say when no destination waits or was refused', () => {
    expect(keyQuestionLabel([])).toBeUndefined();
  });

  it('says the key waits for a decision, naming the hosts, and that a click answers', () => {
    const l = keyQuestionLabel([q('a.example', 'waiting'), q('b.example', 'denied')])!;
    expect(l.text).toBe('$(key) Flint: key waiting');
    expect(l.tooltip).toMatch(/a\.example\?.*Click to answer/);
    expect(l.tooltip).not.toContain('b.example');
    expect(l.warning).toBe(true);
  });

  it('says the key was not allowed when that is all there is', () => {
    const l = keyQuestionLabel([q('b.example', 'denied')])!;
    expect(l.text).toBe('$(key) Flint: key not allowed');
    expect(l.tooltip).toMatch(/b\.example.*choose again/);
  });
});
