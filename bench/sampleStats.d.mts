/** Nearest-rank percentile of ascending values. */
export function percentile(sorted: readonly number[], p: number): number | undefined;
/** A distribution-free 95 % interval for the p-th percentile of ascending values. */
export function percentileCi(sorted: readonly number[], p: number): [number, number] | undefined;
/** `{ name, name_n, name_ci }` for the p-th percentile of `samples`. */
export function percentileFigure(
  name: string,
  samples: readonly (number | null | undefined)[],
  p: number,
  options?: { digits?: number; missingAs?: number },
): Record<string, number | [number, number] | undefined>;
/** A 95 % percentile-bootstrap interval of `figure(...sets)`. */
export function bootstrapCi(
  sets: readonly (readonly number[])[],
  figure: (...sets: number[][]) => number,
  options?: { rounds?: number; seed?: number },
): [number, number] | undefined;
/** Median of unsorted values. */
export function median(values: readonly number[]): number | undefined;
