import type { TimingMarks } from './timingMarks';

/** One finished (or abandoned) request, as the latency report and status bar see it. */
export interface RequestSample {
  surface: 'completion' | 'edit' | 'chat' | 'variants' | 'next-edit' | 'review' | 'task';
  route: 'fast' | 'full';
  marks: TimingMarks;
  /** Which model answered: its name, and whether it runs on this machine. Set when recorded. */
  model?: { name: string; local: boolean };
  /**
   * used: its text reached the user; abandoned: cancelled or superseded before use;
   * failed: ended with an error; cache / typing-through: served without a new request.
   */
  outcome: 'used' | 'abandoned' | 'failed' | 'cache' | 'typing-through';
  /** Ghost text only: a request made ahead (the text after accepting) or for an alternative. */
  purpose?: 'speculative' | 'alternative';
  /** Ghost text only: the editor calling the provider to the provider returning items, in ms. */
  keystrokeToItemsMs?: number;
  /**
   * Ghost text only: the document change a keystroke made (`onDidChangeTextDocument`) to the
   * provider returning the item for it, in ms: includes the editor's own wait before asking.
   */
  changeToItemsMs?: number;
}

export interface MetricsSink {
  record(sample: RequestSample): void;
}
