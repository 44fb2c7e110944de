// Draws a typist's inter-key gaps from the distribution in bench/typingPace.json (read its
// "about"): the gap before a key depends on the key typed before it, and now and then a pause
// to think comes anywhere. Seeded, so a seed always types at the same pace.
import pace from './typingPace.json';

type Bin = [number, number, number];

/** Deterministic pseudo-random numbers in [0, 1). */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function draw(bins: readonly Bin[], random: () => number): number {
  const total = bins.reduce((n, [, , w]) => n + w, 0);
  let x = random() * total;
  for (const [from, to, w] of bins) {
    if (x < w) return from + random() * (to - from);
    x -= w;
  }
  const [from, to] = bins[bins.length - 1];
  return from + random() * (to - from);
}

/** The gap, in ms, before the next key when `previous` was the key typed last. */
export function gapAfter(previous: string | undefined, random: () => number): number {
  if (random() < pace.thinking.share) return draw(pace.thinking.bins as Bin[], random);
  if (previous === '\n') return draw(pace.after_line as Bin[], random);
  if (previous === undefined || /\w/.test(previous)) return draw(pace.within_word as Bin[], random);
  return draw(pace.after_word as Bin[], random);
}
