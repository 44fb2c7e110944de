import { formatCompactRate, formatCount, formatMs } from './formatNumbers';
import type { RequestSample } from './requestSample';
import { firstTokenMs, tokensPerSecond } from './timingMarks';

const SURFACE: Record<RequestSample['surface'], string> = { completion: 'ghost text', edit: 'inline edit', chat: 'chat', variants: 'variants', 'next-edit': 'next edit', review: 'review' };

/**
 * Status-bar text for the last request: first-token time and generation speed, e.g.
 * "142 ms · 1.2k tok/s", with the details in the tooltip. Empty until a request has a first token.
 */
export function formatLastRequest(sample: RequestSample | undefined): { text: string; tooltip: string } {
  const first = sample && firstTokenMs(sample.marks);
  if (!sample || first === undefined) return { text: '', tooltip: '' };
  const tps = tokensPerSecond(sample.marks);
  const m = sample.marks;
  const lines = [`Last request: ${SURFACE[sample.surface]}, ${sample.route} model (${sample.outcome})`];
  const sent = m.sent === undefined ? '' : ` (sent after ${formatMs(m.sent - m.created)})`;
  lines.push(`First token: ${formatMs(first)}${sent}`);
  if (tps !== undefined) lines.push(`Speed: ${formatCount(tps)} tokens/s, ${formatCount(m.outputTokens)} tokens`);
  if (sample.changeToItemsMs !== undefined) lines.push(`Document change to ghost text item: ${formatMs(sample.changeToItemsMs)}`);
  if (sample.keystrokeToItemsMs !== undefined) lines.push(`Provider called to item: ${formatMs(sample.keystrokeToItemsMs)}`);
  const text = tps === undefined ? formatMs(first) : `${formatMs(first)} · ${formatCompactRate(tps)} tok/s`;
  return { text, tooltip: lines.join('\n') };
}
