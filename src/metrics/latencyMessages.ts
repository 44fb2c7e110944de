import type { LatencySnapshot } from './latencySnapshot';

/** Extension → latency webview. */
export type ToLatencyView = { type: 'snapshot'; snapshot: LatencySnapshot };

/** Latency webview → extension. */
export type FromLatencyView = { type: 'ready' } | { type: 'export' };

/** Messages from the webview are checked, not trusted: anything else is ignored. */
export function parseLatencyViewMessage(raw: unknown): FromLatencyView | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const type = (raw as { type?: unknown }).type;
  return type === 'ready' || type === 'export' ? { type } : undefined;
}
