// How the benches turn samples into figures that can be judged (bench/targets.mjs): a percentile
// comes with its sample count (`X_n`) and a 95 % interval (`X_ci`), a ratio or difference with a
// bootstrap interval. Plain JavaScript so the .mjs benches and the bundled .ts ones share it.

/** Nearest-rank percentile of ascending values (always a value that was observed). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return undefined;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(Math.max(rank, 1), sorted.length) - 1];
}

/**
 * A distribution-free 95 % interval for the p-th percentile: the order statistics around rank
 * n·q, ±1.96 binomial standard deviations (normal approximation). Few samples give a wide one.
 */
export function percentileCi(sorted, p) {
  const n = sorted.length;
  if (n === 0) return undefined;
  const q = p / 100;
  const half = 1.96 * Math.sqrt(n * q * (1 - q));
  const lo = Math.max(1, Math.floor(n * q - half));
  const hi = Math.min(n, Math.ceil(n * q + half) + 1);
  return [sorted[lo - 1], sorted[hi - 1]];
}

const round = (x, digits) => (x === undefined ? undefined : Number(x.toFixed(digits)));

/**
 * `{ name, name_n, name_ci }` for the p-th percentile of `samples`. Missing samples (null,
 * undefined, NaN) count against the figure when `missingAs` is given (e.g. Infinity: a keystroke
 * whose ghost text never came is slower than any that did), else they are left out of n.
 */
export function percentileFigure(name, samples, p, { digits = 2, missingAs } = {}) {
  const values = samples.map((x) => (x === null || x === undefined || Number.isNaN(x) ? missingAs : x)).filter((x) => x !== undefined);
  const sorted = [...values].sort((a, b) => a - b);
  const ci = percentileCi(sorted, p);
  return {
    [name]: round(percentile(sorted, p), digits),
    [`${name}_n`]: sorted.length,
    [`${name}_ci`]: ci && ci.map((x) => round(x, digits)),
  };
}

/** A seeded generator, so a run's interval does not move between reports of the same data. */
function seeded(seed) {
  let x = seed >>> 0;
  return () => {
    x = (x * 1664525 + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/**
 * A 95 % percentile-bootstrap interval of `figure(...sets)`: each independent sample set is
 * resampled with replacement, the figure recomputed `rounds` times, the 2.5th and 97.5th
 * percentiles taken. For ratios and differences of medians, whose sampling law has no formula.
 * Paired samples (rounds that each measured every mode) are resampled as one set of round
 * indices, so each resample keeps its rounds together.
 */
export function bootstrapCi(sets, figure, { rounds = 2000, seed = 7 } = {}) {
  const rand = seeded(seed);
  const values = [];
  for (let r = 0; r < rounds; r++) {
    const resampled = sets.map((s) => Array.from({ length: s.length }, () => s[Math.floor(rand() * s.length)]));
    const v = figure(...resampled);
    // An unbounded value (a ratio over a denominator at or below zero) stays: it widens the
    // interval to infinity, which then cannot pass.
    if (!Number.isNaN(v)) values.push(v);
  }
  if (values.length === 0) return undefined;
  values.sort((a, b) => a - b);
  return [values[Math.floor(values.length * 0.025)], values[Math.ceil(values.length * 0.975) - 1]];
}

/**
 * `{ name, name_n, name_ci }` for the median of `a` minus the median of `b` (independent sample
 * sets of one run), with a bootstrap interval; `{ name: null }` when either set is empty.
 */
export function medianDifference(name, a, b, { digits = 2 } = {}) {
  if (a.length === 0 || b.length === 0) return { [name]: null };
  const figure = (x, y) => median(x) - median(y);
  const ci = bootstrapCi([a, b], figure);
  return { [name]: round(figure(a, b), digits), [`${name}_n`]: Math.min(a.length, b.length), [`${name}_ci`]: ci ? ci.map((x) => round(x, digits)) : null };
}

/**
 * `[value(x), value(y)]` for each `x` of `a` and the `y` of `b` with the same key (the same thing
 * measured both ways), where both values are numbers; for pairedMedianDifference.
 */
export function pairUp(a, b, keyOf, value) {
  const other = new Map(b.map((y) => [keyOf(y), y]));
  return a.flatMap((x) => {
    const y = other.get(keyOf(x));
    const vx = value(x);
    const vy = y === undefined ? undefined : value(y);
    return typeof vx === 'number' && typeof vy === 'number' ? [[vx, vy]] : [];
  });
}

/**
 * `{ name, name_n, name_ci }` for the median of paired differences a − b, each pair the same
 * thing measured both ways in one run (the same key at the same place and pace, with and without
 * a load), with a bootstrap interval over the pairs. What the pairs share (a long answer, a slow
 * place) cancels in each difference, so it does not widen the interval as it does between two
 * independent medians; `{ name: null }` without pairs.
 */
export function pairedMedianDifference(name, pairs, { digits = 2 } = {}) {
  if (pairs.length === 0) return { [name]: null };
  const figure = (ps) => median(ps.map(([a, b]) => a - b));
  const ci = bootstrapCi([pairs], figure);
  return { [name]: round(figure(pairs), digits), [`${name}_n`]: pairs.length, [`${name}_ci`]: ci ? ci.map((x) => round(x, digits)) : null };
}

/**
 * `{ name, name_n, name_ci }` for the share `hits / n` with its 95 % Wilson score interval: unlike
 * the normal approximation it stays inside [0, 1] and is honest near 0 and 1 and for small n.
 */
export function shareFigure(name, hits, n, { digits = 3 } = {}) {
  if (!(n > 0)) return { [name]: null, [`${name}_n`]: 0, [`${name}_ci`]: null };
  const z = 1.96;
  const p = hits / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return { [name]: round(p, digits), [`${name}_n`]: n, [`${name}_ci`]: [round(Math.max(0, centre - half), digits), round(Math.min(1, centre + half), digits)] };
}

/** Nearest-rank percentile of unsorted values; missing ones (null, undefined, NaN) are left out. */
export function samplePercentile(values, p) {
  return percentile(values.filter((x) => x !== null && x !== undefined && !Number.isNaN(x)).sort((a, b) => a - b), p);
}

/** Median of unsorted values: the nearest-rank one, as every percentile here (missing ones left out). */
export function median(values) {
  return samplePercentile(values, 50);
}
