// The latency report's token section: tokens per hour and surface, the share wasted and why,
// today's total, and the estimated cost when `flint.cost.*` prices are set.
import { formatCount, formatPercent } from '../../src/metrics/formatNumbers';
import { formatCost, formatTokenCounts } from '../../src/metrics/formatTokens';
import type { TokenReport } from '../../src/metrics/latencySnapshot';
import type { TokenCounts } from '../../src/metrics/tokenCost';

type El = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string) => HTMLElementTagNameMap[K];

const SURFACES = [
  ['completion', 'ghost text'],
  ['edit', 'inline edit'],
  ['chat', 'chat'],
  ['variants', 'variants'],
  ['next-edit', 'next edit'],
  ['review', 'review'],
  ['task', 'background tasks'],
] as const;
const REASONS = [
  ['cancelled', 'cancelled or superseded'],
  ['speculative', 'speculative, never shown'],
  ['alternative', 'alternatives never picked'],
  ['failed', 'failed'],
] as const;
const HOURS_SHOWN = 24;

const sum = (t: TokenCounts) => t.input + t.output;

/** Share of all tokens that bought nothing the user saw, or undefined before any. */
export function wastedShare(r: TokenReport): number | undefined {
  return sum(r.total) > 0 ? sum(r.wasted) / sum(r.total) : undefined;
}

export function tokenSection(r: TokenReport, el: El, tile: (label: string, value: string, note: string) => HTMLElement): Node[] {
  const tiles = el('section', 'tiles tokens');
  tiles.append(
    tile('tokens this session', formatCount(sum(r.total)), formatTokenCounts(r.total)),
    tile('wasted', formatPercent(wastedShare(r)), `${formatCount(sum(r.wasted))} tokens: cancelled, never shown, never picked, failed`),
    tile('tokens today', formatCount(sum(r.today)), `${formatCount(r.today.requests)} requests`),
    r.cost
      ? tile('estimated cost', formatCost(r.cost.total), `today ${formatCost(r.cost.today)} · wasted ${formatCost(r.cost.wasted)}`)
      : tile('estimated cost', '–', 'set flint.cost.inputPerMillion and outputPerMillion'),
  );
  const nodes: Node[] = [el('h2', undefined, 'Tokens'), tiles];
  if (r.total.requests === 0) return [...nodes, el('p', 'muted', 'No requests yet.')];
  if (r.total.estimatedInput > 0) {
    nodes.push(el('p', 'muted', `≈ ${formatCount(r.total.estimatedInput)} input tokens are estimated from the request's size: the server reported no usage for them (a cancelled request, a server that reports none).`));
  }
  nodes.push(el('h3', undefined, 'By hour (input · output)'), hourTable(r, el), el('h3', undefined, 'Wasted, by reason'), wasteTable(r, el));
  return nodes;
}

function hourTable(r: TokenReport, el: El): HTMLElement {
  const table = el('table', 'outcomes token-hours');
  const head = el('tr');
  head.append(el('th', undefined, 'hour'));
  const used = SURFACES.filter(([s]) => r.byHour.some((h) => h.surfaces[s]));
  for (const [, name] of used) head.append(el('th', undefined, name));
  table.append(head);
  for (const h of r.byHour.slice(0, HOURS_SHOWN)) {
    const row = el('tr');
    const start = new Date(h.hour);
    row.append(el('th', undefined, `${start.toLocaleDateString()} ${String(start.getHours()).padStart(2, '0')}:00`));
    for (const [s] of used) {
      const t = h.surfaces[s];
      row.append(el('td', undefined, t ? `${formatCount(t.input)} · ${formatCount(t.output)}` : '–'));
    }
    table.append(row);
  }
  return table;
}

function wasteTable(r: TokenReport, el: El): HTMLElement {
  const table = el('table', 'outcomes token-waste');
  const head = el('tr');
  for (const h of ['', 'requests', 'tokens', 'share of all']) head.append(el('th', undefined, h));
  table.append(head);
  const all = sum(r.total);
  for (const [reason, name] of REASONS) {
    const t = r.wastedBy[reason];
    const row = el('tr');
    row.dataset.reason = reason;
    row.append(el('th', undefined, name), el('td', undefined, formatCount(t.requests)), el('td', undefined, formatCount(sum(t))));
    row.append(el('td', undefined, formatPercent(all > 0 ? sum(t) / all : undefined)));
    table.append(row);
  }
  return table;
}
