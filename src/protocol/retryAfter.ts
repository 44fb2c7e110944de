/**
 * Milliseconds to wait from rate-limit headers: `retry-after-ms` (OpenAI), else `retry-after`
 * in seconds or as an HTTP date. Undefined when absent or unreadable.
 */
export function retryAfterMs(get: (name: string) => string | number | null | undefined, nowMs = Date.now()): number | undefined {
  const ms = toNumber(get('retry-after-ms'));
  if (ms !== undefined && ms >= 0) return Math.round(ms);
  const raw = get('retry-after');
  if (raw === null || raw === undefined) return undefined;
  const seconds = toNumber(raw);
  if (seconds !== undefined) return seconds >= 0 ? Math.round(seconds * 1000) : undefined;
  const date = Date.parse(String(raw));
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

function toNumber(v: string | number | null | undefined): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}
