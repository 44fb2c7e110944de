import { formatCompactRate, formatCount, formatMs } from './formatNumbers';
import type { RequestSample } from './requestSample';
import { firstTokenMs, tokensPerSecond } from './timingMarks';

const SURFACE: Record<RequestSample['surface'], string> = { completion: 'ghost text', edit: 'inline edit', chat: 'chat', variants: 'variants', 'next-edit': 'next edit', review: 'review', task: 'background task' };

/**
 * Status-bar text for the last request: the model that answered, its first-token time and
 * generation speed, e.g. "gpt-5.3-codex 142 ms · 1.2k tok/s", with the details in the tooltip. Empty until a request has a first token.
 */
export function formatLastRequest(sample: RequestSample | undefined): { text: string; tooltip: string } {
  const first = sample && firstTokenMs(sample.marks);
  if (!sample || first === undefined) return { text: '', tooltip: '' };
  const tps = tokensPerSecond(sample.marks);
  const m = sample.marks;
  const who = sample.model ? `${sample.route} model ${sample.model.name}, ${sample.model.local ? 'local' : 'remote'}` : `${sample.route} model`;
  const lines = [`Last request: ${SURFACE[sample.surface]}, ${who} (${sample.outcome})`];
  const sent = m.sent === undefined ? '' : ` (sent after ${formatMs(m.sent - m.created)})`;
  lines.push(`First token: ${formatMs(first)}${sent}`);
  if (tps !== undefined) lines.push(`Speed: ${formatCount(tps)} tokens/s, ${formatCount(m.outputTokens)} tokens`);
  if (sample.changeToItemsMs !== undefined) lines.push(`Document change to ghost text item: ${formatMs(sample.changeToItemsMs)}`);
  if (sample.keystrokeToItemsMs !== undefined) lines.push(`Provider called to item: ${formatMs(sample.keystrokeToItemsMs)}`);
  const figures = tps === undefined ? formatMs(first) : `${formatMs(first)} · ${formatCompactRate(tps)} tok/s`;
  const text = sample.model ? `${sample.model.name} ${figures}` : figures;
  return { text, tooltip: lines.join('\n') };
}
