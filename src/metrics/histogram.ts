export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

export interface Histogram {
  bins: HistogramBin[];
  /** Values above the last bin: a long tail would otherwise squash every other bar. */
  overflow: number;
}

/** Round step of 1, 2 or 5 times a power of ten, so bin edges read well on an axis. */
export function niceStep(raw: number): number {
  if (!(raw > 0)) return 1;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const f = raw / pow;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * pow;
}

/**
 * Equal-width bins from the smallest value up to `upTo` (the caller passes p99 so one outlier
 * does not flatten the chart); larger values are counted in `overflow`.
 */
export function histogram(values: readonly number[], binCount: number, upTo?: number): Histogram {
  if (values.length === 0) return { bins: [], overflow: 0 };
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (upTo !== undefined && upTo >= lo && upTo < hi) hi = upTo;
  const step = niceStep((hi - lo) / binCount);
  const start = Math.floor(lo / step) * step;
  const n = Math.max(1, Math.floor((hi - start) / step) + 1);
  const bins: HistogramBin[] = Array.from({ length: n }, (_, i) => ({ from: start + i * step, to: start + (i + 1) * step, count: 0 }));
  let overflow = 0;
  for (const v of values) {
    const i = Math.floor((v - start) / step);
    if (i >= n) overflow++;
    else bins[i].count++;
  }
  return { bins, overflow };
}
