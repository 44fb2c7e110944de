/**
 * Where the region the variants rewrite is now: at `expected` when the lines there are still
 * the original ones, else at the nearest place holding exactly those lines (code above it was
 * edited meanwhile). Undefined when the lines themselves changed: a pick must not overwrite
 * what the user typed since.
 */
export function locateRegion(lines: readonly string[], original: readonly string[], expected: number): number | undefined {
  const fits = (at: number) => at >= 0 && at + original.length <= lines.length && original.every((l, i) => lines[at + i] === l);
  if (fits(expected)) return expected;
  for (let d = 1; d <= lines.length; d++) {
    if (fits(expected - d)) return expected - d;
    if (fits(expected + d)) return expected + d;
  }
  return undefined;
}
