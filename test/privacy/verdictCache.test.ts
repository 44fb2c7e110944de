import { describe, expect, it } from 'vitest';
import { VerdictCache } from '../../src/privacy/verdictCache';

describe('VerdictCache', () => {
  it('answers from memory within the age limit and asks again after it', () => {
    let t = 0;
    let calls = 0;
    let answer = false;
    const cache = new VerdictCache(() => t, 2000);
    const ask = () => cache.get('a', () => (calls++, answer));
    expect(ask()).toBe(false);
    answer = true;
    t = 1999;
    expect(ask()).toBe(false);
    expect(calls).toBe(1);
    t = 2001;
    expect(ask()).toBe(true);
    expect(calls).toBe(2);
  });

  it('asks again after clear, and keeps keys apart', () => {
    let answer = false;
    const cache = new VerdictCache(() => 0, 60_000);
    expect(cache.get('a', () => answer)).toBe(false);
    expect(cache.get('b', () => true)).toBe(true);
    answer = true;
    expect(cache.get('a', () => answer)).toBe(false);
    cache.clear();
    expect(cache.get('a', () => answer)).toBe(true);
  });

  it('stays bounded', () => {
    let calls = 0;
    const cache = new VerdictCache(() => 0, 60_000, 3);
    for (const k of ['a', 'b', 'c', 'd']) cache.get(k, () => (calls++, true));
    cache.get('a', () => (calls++, true));
    expect(calls).toBe(5);
  });
});
