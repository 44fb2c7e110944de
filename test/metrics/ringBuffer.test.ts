import { describe, expect, it } from 'vitest';
import { RingBuffer } from '../../src/metrics/ringBuffer';

describe('RingBuffer', () => {
  it('keeps the last items, oldest first, and counts everything pushed', () => {
    const r = new RingBuffer<number>(3);
    for (let i = 1; i <= 7; i++) r.push(i);
    expect(r.values()).toEqual([5, 6, 7]);
    expect(r.size).toBe(3);
    expect(r.total).toBe(7);
  });

  it('returns items in order before it is full', () => {
    const r = new RingBuffer<string>(4);
    r.push('a');
    r.push('b');
    expect(r.values()).toEqual(['a', 'b']);
  });

  it('starts over after clear', () => {
    const r = new RingBuffer<number>(2);
    r.push(1);
    r.push(2);
    r.push(3);
    r.clear();
    r.push(9);
    expect(r.values()).toEqual([9]);
    expect(r.total).toBe(1);
  });

  it('rejects a capacity that cannot hold anything', () => {
    expect(() => new RingBuffer(0)).toThrow(/positive integer/);
    expect(() => new RingBuffer(1.5)).toThrow(RangeError);
  });
});
