// A 95 % bootstrap confidence interval for a figure computed from the medians of independent
// sample sets (e.g. Flint's p50 minus the baseline's minus the model's): each set is resampled
// with replacement, the figure recomputed, and the 2.5th and 97.5th percentiles taken.

/** A seeded generator, so a run's interval does not move between reports of the same data. */
function seeded(seed) {
  let x = seed >>> 0;
  return () => {
    x = (x * 1664525 + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** [low, high] of `figure(...sets)` over `rounds` resamples; nulls (no ghost text) are dropped. */
export function medianCi(sets, figure, { rounds = 2000, seed = 7 } = {}) {
  const rand = seeded(seed);
  const clean = sets.map((s) => s.filter((x) => x !== null && Number.isFinite(x)));
  const values = [];
  for (let r = 0; r < rounds; r++) {
    const resampled = clean.map((s) => Array.from({ length: s.length }, () => s[Math.floor(rand() * s.length)]));
    values.push(figure(...resampled));
  }
  values.sort((a, b) => a - b);
  return [values[Math.floor(rounds * 0.025)], values[Math.ceil(rounds * 0.975) - 1]];
}
