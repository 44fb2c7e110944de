import type { RequestSample } from './requestSample';
import { firstTokenMs, tokensPerSecond } from './timingMarks';

const ms = (v: number | undefined) => (v === undefined ? '–' : `${v.toFixed(1)} ms`);

/**
 * One log line per finished request: surface, route, endpoint, outcome, the timing marks and
 * token counts. Never the prompt or the output.
 */
export function formatRequestLog(sample: RequestSample, endpoint: string): string {
  const m = sample.marks;
  const tps = tokensPerSecond(m);
  const parts = [
    `${sample.surface} ${sample.outcome} via ${sample.route} model (${endpoint})`,
    `sent ${ms(m.sent === undefined ? undefined : m.sent - m.created)}`,
    `first token ${ms(firstTokenMs(m))}`,
    `done ${ms(m.done === undefined ? undefined : m.done - m.created)}`,
    `${m.outputTokens} tokens${tps === undefined ? '' : ` at ${Math.round(tps)} tok/s`}`,
  ];
  if (sample.changeToItemsMs !== undefined) parts.push(`document change to item ${ms(sample.changeToItemsMs)}`);
  if (sample.keystrokeToItemsMs !== undefined) parts.push(`provider called to item ${ms(sample.keystrokeToItemsMs)}`);
  return parts.join(', ');
}
