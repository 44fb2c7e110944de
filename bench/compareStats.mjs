// Figures of two builds measured side by side in one run (bench/compare.mjs): each figure for
// the build before and the build after, and after minus before with a 95 % bootstrap interval,
// flat as bench/results/<name>-compare.json holds them (`X_before`, `X_after`, `X_diff`, each
// with `_n` and `_ci`). Plain JavaScript so the .mjs and the bundled .ts benches share it.
import { balancedTurns } from './balancedOrders.mjs';
import { bootstrapCi, percentileFigure, samplePercentile, shareFigure } from './sampleStats.mjs';

export const BUILDS = ['before', 'after'];

/**
 * Which build takes each of `rounds` turns first: balanced orders of the two (bench/
 * balancedOrders.mjs), so each goes first equally often and follows the other as often.
 */
export function compareTurns(rounds) {
  return balancedTurns(2, rounds).map((order) => order.map((i) => BUILDS[i]));
}

const round = (x, digits) => (x === undefined || x === null || !Number.isFinite(x) ? (x ?? null) : Number(x.toFixed(digits)));
const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
/** `fig`'s keys `name…` as `name_build…`. */
const renamed = (fig, name, build) => Object.fromEntries(Object.entries(fig).map(([k, v]) => [`${name}_${build}${k.slice(name.length)}`, v]));
const present = (xs, missingAs) => xs.map((x) => (x === null || x === undefined || Number.isNaN(x) ? missingAs : x)).filter((x) => x !== undefined);

/**
 * `figure(...before)` and `figure(...after)` (each over its build's sample sets, with a bootstrap
 * interval), and after minus before with a bootstrap interval resampling every set of both
 * builds. `n` is the smallest set. A figure that cannot be computed (a set empty) gives nulls.
 */
export function sideBySide(name, before, after, figure, { digits = 2 } = {}) {
  const k = before.length;
  const size = (sets) => Math.min(...sets.map((s) => s.length));
  const n = Math.min(size(before), size(after));
  const out = {};
  for (const [build, sets] of [['before', before], ['after', after]]) {
    const ci = size(sets) > 0 ? bootstrapCi(sets, figure) : undefined;
    Object.assign(out, {
      [`${name}_${build}`]: size(sets) > 0 ? round(figure(...sets), digits) : null,
      [`${name}_${build}_n`]: size(sets),
      [`${name}_${build}_ci`]: ci ? ci.map((x) => round(x, digits)) : null,
    });
  }
  if (!(n > 0)) return { ...out, [`${name}_diff`]: null, [`${name}_diff_n`]: 0, [`${name}_diff_ci`]: null };
  const diff = (...sets) => figure(...sets.slice(k)) - figure(...sets.slice(0, k));
  const ci = bootstrapCi([...before, ...after], diff);
  return { ...out, [`${name}_diff`]: round(diff(...before, ...after), digits), [`${name}_diff_n`]: n, [`${name}_diff_ci`]: ci ? ci.map((x) => round(x, digits)) : null };
}

/**
 * As sideBySide over one set per build whose samples are paired (the i-th of each measured the
 * same thing: the same file typed with the same keys), the difference's bootstrap resampling
 * the pairs together; unpaired when the sets differ in length.
 */
export function pairedSideBySide(name, before, after, figure, { digits = 2 } = {}) {
  const out = sideBySide(name, [before], [after], figure, { digits });
  if (before.length !== after.length || before.length === 0) return out;
  const pairs = before.map((b, i) => [b, after[i]]);
  const ci = bootstrapCi([pairs], (ps) => figure(ps.map((p) => p[1])) - figure(ps.map((p) => p[0])));
  return { ...out, [`${name}_diff_ci`]: ci ? ci.map((x) => round(x, digits)) : null };
}

/**
 * The p-th percentile of each build's samples (with its order-statistic interval) and after
 * minus before. Missing samples count as `missingAs` when given (a keystroke whose ghost text
 * never came is slower than any), else they are left out.
 */
export function percentileSideBySide(name, before, after, p = 50, { digits = 2, missingAs } = {}) {
  const b = present(before, missingAs);
  const a = present(after, missingAs);
  return {
    ...sideBySide(name, [b], [a], (xs) => samplePercentile(xs, p), { digits }),
    ...renamed(percentileFigure(name, b, p, { digits }), name, 'before'),
    ...renamed(percentileFigure(name, a, p, { digits }), name, 'after'),
  };
}

/** The share of 1s among each build's 0/1 samples (Wilson interval) and after minus before. */
export function shareSideBySide(name, before, after, { digits = 3 } = {}) {
  const sum = (xs) => xs.reduce((s, x) => s + x, 0);
  return {
    ...sideBySide(name, [before], [after], mean, { digits }),
    ...renamed(shareFigure(name, sum(before), before.length, { digits }), name, 'before'),
    ...renamed(shareFigure(name, sum(after), after.length, { digits }), name, 'after'),
  };
}

/** The mean of each build's samples and after minus before, bootstrap intervals: a rate per key. */
export function meanSideBySide(name, before, after, { digits = 3 } = {}) {
  return sideBySide(name, [before], [after], mean, { digits });
}

/** One line per figure for the console: before, after, after − before with n and interval. */
export function sideBySideLines(results) {
  const names = Object.keys(results).filter((k) => k.endsWith('_diff')).map((k) => k.slice(0, -'_diff'.length));
  const ci = (x) => (Array.isArray(x) ? ` [${x.join(', ')}]` : '');
  return names.map((n) => `${n}: before ${results[`${n}_before`]}${ci(results[`${n}_before_ci`])}, after ${results[`${n}_after`]}${ci(results[`${n}_after_ci`])}, ` +
    `after − before ${results[`${n}_diff`]}${ci(results[`${n}_diff_ci`])} (n ${results[`${n}_diff_n`]})`);
}
