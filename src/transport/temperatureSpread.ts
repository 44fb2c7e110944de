/** `n` sampling temperatures spread evenly over 0.2–1.0, lowest first (one alone is 1.0). */
export function temperatureSpread(n: number): number[] {
  if (n <= 1) return n === 1 ? [1] : [];
  return Array.from({ length: n }, (_, i) => Math.round((0.2 + (0.8 * i) / (n - 1)) * 100) / 100);
}
