/** Nearest-rank percentile of ascending values. */
export function percentile(sorted: readonly number[], p: number): number | undefined;
/** A distribution-free 95 % interval for the p-th percentile of ascending values. */
export function percentileCi(sorted: readonly number[], p: number): [number, number] | undefined;
/** `{ name, name_n, name_ci }` for the p-th percentile of `samples`. */
export function percentileFigure<N extends string>(
  name: N,
  samples: readonly (number | null | undefined)[],
  p: number,
  options?: { digits?: number; missingAs?: number },
): Record<N, number | undefined> & Record<`${N}_n`, number> & Record<`${N}_ci`, [number, number] | undefined>;
/** A 95 % percentile-bootstrap interval of `figure(...sets)`. */
export function bootstrapCi<T>(
  sets: readonly (readonly T[])[],
  figure: (...sets: T[][]) => number,
  options?: { rounds?: number; seed?: number },
): [number, number] | undefined;
/** `{ name, name_n, name_ci }` for median(a) − median(b), with a bootstrap interval. */
export function medianDifference<N extends string>(
  name: N,
  a: readonly number[],
  b: readonly number[],
  options?: { digits?: number },
): Record<N, number | null> & Partial<Record<`${N}_n`, number> & Record<`${N}_ci`, [number, number] | null>>;
/** `[value(x), value(y)]` for each `x` of `a` and the `y` of `b` with the same key, where both values are numbers. */
export function pairUp<T>(a: readonly T[], b: readonly T[], keyOf: (item: T) => string, value: (item: T) => number | null | undefined): [number, number][];
/** `{ name, name_n, name_ci }` for the median of paired differences a − b, with a bootstrap interval over the pairs. */
export function pairedMedianDifference<N extends string>(
  name: N,
  pairs: readonly (readonly [number, number])[],
  options?: { digits?: number },
): Record<N, number | null> & Partial<Record<`${N}_n`, number> & Record<`${N}_ci`, [number, number] | null>>;
/** `{ name, name_n, name_ci }` for the share hits / n, with a 95 % Wilson score interval. */
export function shareFigure<N extends string>(
  name: N,
  hits: number,
  n: number,
  options?: { digits?: number },
): Record<N, number | null> & Record<`${N}_n`, number> & Record<`${N}_ci`, [number, number] | null>;
/** Nearest-rank percentile of unsorted values; missing ones (null, undefined, NaN) are left out. */
export function samplePercentile(values: readonly (number | null | undefined)[], p: number): number | undefined;
/** Median of unsorted values: the nearest-rank one, as every percentile here (missing ones left out). */
export function median(values: readonly (number | null | undefined)[]): number | undefined;
