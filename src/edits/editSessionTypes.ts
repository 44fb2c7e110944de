import type { Logger } from '../log/logger';
import type { MetricsSink } from '../metrics/requestSample';
import type { EditModels } from '../rewrite/rewriteTypes';
import type { ModelError } from '../transport/modelError';
import type { EditSink } from './editSink';
import type { Timers } from './frameScheduler';

export type EditState = 'streaming' | 'review' | 'accepted' | 'rejected' | 'cancelled' | 'failed';

export interface EditSessionDeps {
  models: EditModels;
  sink: EditSink;
  timers: Timers;
  metrics: MetricsSink;
  log: Logger;
  /** State, model or message changed (not called per frame). */
  onChange(): void;
}

/** What the user is told about the edit: which model, why, and how it ended. */
export interface EditInfo {
  source: 'fast' | 'full' | 'given';
  model?: string;
  reasons: string[];
  note?: string;
  error?: ModelError;
}
