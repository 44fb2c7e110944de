import { formatCount } from './formatNumbers';
import type { TokenCounts } from './tokenCost';

/** A cost estimate as people read it: "0.0042", "0.42", "12.30" (the prices' own currency). */
export function formatCost(cost: number): string {
  if (cost === 0) return '0';
  return cost < 0.01 ? cost.toPrecision(2) : cost.toFixed(2);
}

/** A count of tokens with how many of the input were cached and estimated: for the report and tooltip. */
export function formatTokenCounts(t: TokenCounts): string {
  const cached = t.cachedInput > 0 ? `, ${formatCount(t.cachedInput)} cached` : '';
  const estimated = t.estimatedInput > 0 ? `, ≈${formatCount(t.estimatedInput)} estimated` : '';
  return `${formatCount(t.input)} in${cached}${estimated} · ${formatCount(t.output)} out`;
}

/** The status bar tooltip's line for today, or '' before the first request. */
export function formatTokensToday(t: TokenCounts, cost: number | undefined): string {
  if (t.requests === 0) return '';
  const requests = `${formatCount(t.requests)} request${t.requests === 1 ? '' : 's'}`;
  const money = cost === undefined ? '' : ` · ≈ ${formatCost(cost)} estimated cost`;
  return `Tokens today: ${formatTokenCounts(t)} (${requests})${money}`;
}
