import type { Logger } from '../log/logger';
import type { HttpWarmthTuning } from './http/httpWarmth';
import type { NetworkSettings } from './network/networkSettings';
import type { WsTuning } from './ws/wsTuning';

export interface ModelClientOptions {
  role: 'fast' | 'full';
  url: string;
  model: string;
  apiKey?: string;
  /** API spoken to http(s) endpoints. */
  httpApi: 'responses' | 'chat';
  /** Permit http:// and ws:// to hosts other than this machine. */
  allowInsecure: boolean;
  firstTokenTimeoutMs: number;
  stallTimeoutMs: number;
  log: Logger;
  now?: () => number;
  /** Stable instructions to warm on every new connection. */
  instructions?: string;
  /** Native fill-in-the-middle of HTTP endpoints, for requests carrying `fim`. */
  fimApi?: 'infill' | 'completions';
  /** Proxies and extra trusted authorities, for WebSocket and HTTP alike (default: direct). */
  network?: NetworkSettings;
  /** Most characters one response may deliver (default DEFAULT_MAX_OUTPUT_CHARS; see outputCharCap). */
  maxOutputChars?: number;
  /** For ws(s) URLs: go over HTTP to the same server while no socket can be had (default true). */
  httpFallback?: boolean;
  /** WebSocket pool tuning; the defaults suit the OpenAI service. */
  ws?: Partial<WsTuning>;
  /** Keeping an HTTP connection warm while in use (default defaultHttpWarmthTuning). */
  httpWarmth?: HttpWarmthTuning;
}
