import type { Logger } from '../log/logger';
import type { MetricsSink } from '../metrics/requestSample';
import type { RouteDecision, RouteRequest } from '../router/routeTypes';
import type { ModelClient } from '../transport/modelClient';
import type { ModelError } from '../transport/modelError';
import type { EditContext } from './editPrompt';
import type { EditSink } from './editSink';
import type { Timers } from './frameScheduler';

export type EditState = 'streaming' | 'review' | 'accepted' | 'rejected' | 'cancelled' | 'failed';

export interface EditModels {
  route(request: RouteRequest): RouteDecision;
  client(target: 'fast' | 'full'): ModelClient;
  /** The context window, in tokens, of the model a route goes to. */
  contextTokens(target: 'fast' | 'full'): number;
}

export interface EditSessionDeps {
  models: EditModels;
  sink: EditSink;
  timers: Timers;
  metrics: MetricsSink;
  log: Logger;
  /** State, model or message changed (not called per frame). */
  onChange(): void;
}

/** The lines to rewrite (whole lines) and what the model sees around them. */
export interface EditTarget {
  startLine: number;
  lines: string[];
  context: EditContext;
  /** Workspace-relative paths involved, for routing. */
  files: string[];
}

/** What the user is told about the edit: which model, why, and how it ended. */
export interface EditInfo {
  source: 'fast' | 'full' | 'given';
  model?: string;
  reasons: string[];
  note?: string;
  error?: ModelError;
}
