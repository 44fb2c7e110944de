import { describe, expect, it } from 'vitest';
import { createEmitter } from '../../src/events/emitter';

describe('createEmitter', () => {
  it('calls every listener with the value, in registration order, until unsubscribed', () => {
    const e = createEmitter<number>();
    const seen: string[] = [];
    const offA = e.on((v) => seen.push(`a${v}`));
    e.on((v) => seen.push(`b${v}`));
    e.emit(1);
    offA();
    e.emit(2);
    expect(seen).toEqual(['a1', 'b1', 'b2']);
    expect(e.size).toBe(1);
  });

  it('a listener removed by another during emit is not called; one added during emit waits for the next', () => {
    const e = createEmitter();
    const seen: string[] = [];
    let offB = () => {};
    e.on(() => {
      seen.push('a');
      offB();
      e.on(() => seen.push('late'));
    });
    offB = e.on(() => seen.push('b'));
    e.emit();
    expect(seen).toEqual(['a']);
    e.emit();
    expect(seen).toEqual(['a', 'a', 'late']);
  });

  it('the same function registered twice is two subscriptions', () => {
    const e = createEmitter();
    let n = 0;
    const l = () => n++;
    const off = e.on(l);
    e.on(l);
    e.emit();
    off();
    e.emit();
    expect(n).toBe(3);
  });

  it('a throwing listener does not stop the others: reported to onError, else rethrown after all ran', () => {
    const errors: unknown[] = [];
    const reported = createEmitter(errors.push.bind(errors));
    let ran = 0;
    reported.on(() => {
      throw new Error('boom');
    });
    reported.on(() => ran++);
    reported.emit();
    expect(ran).toBe(1);
    expect(String(errors[0])).toMatch(/boom/);

    const plain = createEmitter();
    plain.on(() => {
      throw new Error('first');
    });
    plain.on(() => ran++);
    expect(() => plain.emit()).toThrow('first');
    expect(ran).toBe(2);
  });

  it('clear drops every listener', () => {
    const e = createEmitter();
    let n = 0;
    e.on(() => n++);
    e.clear();
    e.emit();
    expect(n).toBe(0);
    expect(e.size).toBe(0);
  });
});
