import type { Config } from './config/config';
import type { CodeParser } from './code/codeParser';
import type { ContextHub } from './context/contextHub';
import type { Logger } from './log/logger';
import type { MetricsSink } from './metrics/requestSample';
import type { RouteDecision, RouteRequest } from './router/routeTypes';
import type { ModelClient } from './transport/modelClient';

/**
 * What every editor adapter receives. Clients are reached through getters because a settings
 * change swaps them (reconnect without a window reload).
 */
export interface Services {
  config(): Config;
  onConfigChange(listener: (config: Config) => void): () => void;
  /** The fast model (WebSocket when the URL is ws(s)://, else HTTP). */
  fast(): ModelClient;
  /** The full model (HTTP streaming). */
  full(): ModelClient;
  /** Ghost text's client: the completion connection when `flint.completions.api` is not responses, else fast(). */
  infill(): ModelClient;
  log: Logger;
  metrics: MetricsSink;
  /** Fast-or-full decision for edits and chat (ghost text is always fast). */
  route(request: RouteRequest): RouteDecision;
  /**
   * Surfaces call this when a generation starts and the returned function when it ends, so the
   * status bar can show a pulse while anything streams.
   */
  beginGeneration(): () => void;
  activeGenerations(): number;
  onActiveGenerationsChange(listener: () => void): () => void;
  /**
   * The syntax parser (tree-sitter, the grammars the editor ships), started on first use;
   * undefined when its files cannot be loaded, so callers fall back to reading lines.
   */
  parser(): Promise<CodeParser | undefined>;
  /** What each surface's prompt carries besides its own window (definitions, diagnostics, edits, tests), and the last prompts sent. */
  context: ContextHub;
  /** performance.now() or a fake clock in tests. */
  now(): number;
}
