/** Milliseconds as people read them: "0.8 ms", "142 ms", "12.3 s". */
export function formatMs(ms: number): string {
  const tenths = Math.round(ms * 10) / 10;
  if (tenths < 10) return `${tenths.toFixed(1)} ms`;
  if (ms < 10_000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Compact rate for the status bar: "840", "1.2k", "15k". */
export function formatCompactRate(perSecond: number): string {
  if (perSecond < 1000) return String(Math.round(perSecond));
  const k = perSecond / 1000;
  return k < 10 ? `${k.toFixed(1)}k` : `${Math.round(k)}k`;
}

/** Integer with thousands separators, independent of the host locale: "12,345". */
export function formatCount(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A share as a percentage, or a dash when there is nothing to divide. */
export function formatPercent(share: number | undefined): string {
  return share === undefined ? '–' : `${Math.round(share * 100)}%`;
}
