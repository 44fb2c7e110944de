import type { Histogram } from './histogram';
import type { Summary } from './percentiles';
import type { RequestSample } from './requestSample';
import type { TokenCounts, TokenPrices } from './tokenCost';
import type { TokenHour, WasteReason } from './tokenLedger';

export type SampleSurface = RequestSample['surface'];
export type SampleRoute = RequestSample['route'];
export type SampleOutcome = RequestSample['outcome'];

/** One measured quantity over this session's recent samples. */
export interface SeriesSnapshot extends Summary {
  key: string;
  label: string;
  unit: 'ms' | 'tok/s';
  histogram: Histogram;
}

export type OutcomeCounts = Record<SampleOutcome, number>;

/** One model that answered this session: which, where, how many requests, how fast. */
export interface ModelSnapshot {
  name: string;
  local: boolean;
  /** Requests it answered (cache and typing-through hits made none). */
  requests: number;
  firstTokenMs: Summary;
  tokensPerSecond: Summary;
}

/** Everything the latency report shows; plain JSON, posted to the webview as is. */
export interface LatencySnapshot {
  sessionStartedAt: string;
  /** Samples recorded this session (older ones are summarised in counts only). */
  recorded: number;
  /** Ghost text: the editor calling the provider to the provider returning the item. */
  keystrokeToGhostText: SeriesSnapshot;
  /** Ghost text: the document change of a keystroke to the provider returning its item. */
  documentChangeToGhostText: SeriesSnapshot;
  /** Request created to first text delta, per surface and route. */
  firstToken: SeriesSnapshot[];
  /** Request created to the frame leaving this process: Flint's own share. */
  sendOverhead: SeriesSnapshot;
  tokensPerSecond: SeriesSnapshot[];
  /** The models that answered, most requests first. */
  models: ModelSnapshot[];
  outcomes: Record<SampleSurface, OutcomeCounts>;
  /** Ghost text served without a new request, as a share of all ghost-text samples. */
  completionHitRates: { total: number; cache?: number; typingThrough?: number };
  lastRequest?: RequestSample;
  tokens: TokenReport;
}

/** Tokens this session: per hour and surface, the share wasted, today's total, and their cost. */
export interface TokenReport {
  /** Newest hour first. */
  byHour: TokenHour[];
  total: TokenCounts;
  wasted: TokenCounts;
  wastedBy: Record<WasteReason, TokenCounts>;
  today: TokenCounts;
  prices: TokenPrices;
  /** Estimated from `prices`, when both the input and the output price are set. */
  cost?: { total: number; today: number; wasted: number };
}

/** The JSON file "Export" writes: the summary plus the raw recent samples. */
export interface LatencyExport {
  exportedAt: string;
  snapshot: LatencySnapshot;
  samples: RequestSample[];
}
