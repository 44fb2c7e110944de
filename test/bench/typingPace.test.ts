import { describe, expect, it } from 'vitest';
import pace from '../../bench/typingPace.json';
import { median } from '../../bench/sampleStats.mjs';
import { gapAfter, seeded } from '../../bench/typingPace';

const draws = (previous: string | undefined, n: number, seed = 1) => {
  const random = seeded(seed);
  return Array.from({ length: n }, () => gapAfter(previous, random));
};
const share = (xs: number[], over: number) => xs.filter((x) => x > over).length / xs.length;

describe('bench typing pace', () => {
  it('repeats a seed and differs between seeds', () => {
    expect(draws('a', 50, 3)).toEqual(draws('a', 50, 3));
    expect(draws('a', 50, 3)).not.toEqual(draws('a', 50, 4));
  });

  it('types bursts inside a word, slows after a word and more after a line', () => {
    const word = draws('a', 20_000);
    const afterWord = draws(' ', 20_000);
    const afterLine = draws('\n', 20_000);
    expect(median(word)).toBeGreaterThan(100);
    expect(median(word)).toBeLessThan(180);
    expect(median(afterWord)).toBeGreaterThan(median(word)!);
    expect(median(afterLine)).toBeGreaterThan(median(afterWord)!);
  });

  it('pauses to think about as often as the distribution says, anywhere', () => {
    const word = draws('a', 40_000);
    // Inside a word no bin reaches 2 s: every longer gap is a pause to think.
    expect(share(word, 2000)).toBeGreaterThan(pace.thinking.share * 0.8);
    expect(share(word, 2000)).toBeLessThan(pace.thinking.share * 1.2);
    expect(Math.max(...word)).toBeLessThanOrEqual(15_000);
    expect(Math.min(...word)).toBeGreaterThanOrEqual(40);
  });
});
