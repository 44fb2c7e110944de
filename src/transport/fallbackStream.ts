import type { TimingMarks } from '../metrics/timingMarks';
import type { InputMessage, ModelStream, StreamResult } from './modelClient';
import type { ModelError } from './modelError';

export interface FallbackPlan {
  /** Whether this failure of the first stream is worth a second try elsewhere. */
  accepts(error: ModelError): boolean;
  /** Starts the second stream; called at most once. */
  start(): ModelStream;
  /** Told when the second stream takes over, with the first one's failure. */
  switched?(error: ModelError): void;
}

/**
 * A stream that moves to a second one when the first fails before delivering any text (the
 * full model unavailable, the WebSocket down): the caller sees one stream whose deltas,
 * marks and result are the second one's. A stream that delivered text, or was cancelled, is
 * never retried, so nothing is shown twice.
 */
export class FallbackStream implements ModelStream {
  readonly id: number;
  readonly done: Promise<StreamResult>;
  private current: ModelStream;
  private second: ModelStream | undefined;
  private cancelled = false;
  /** Settles once the first stream has ended and the switch is decided. */
  private readonly decided: Promise<unknown>;

  constructor(first: ModelStream, plan: FallbackPlan) {
    this.id = first.id;
    this.current = first;
    // Registered before any iterator awaits `first.done`, so the switch is decided first.
    this.decided = first.done.then((result) => {
      const error = result.error;
      if (this.cancelled || result.status !== 'failed' || result.text !== '' || !error || !plan.accepts(error)) return;
      try {
        this.second = plan.start();
      } catch {
        return; // The first failure stands.
      }
      this.current = this.second;
      plan.switched?.(error);
    });
    this.done = this.decided.then(() => (this.second ? this.second.done : first.done));
  }

  get marks(): TimingMarks {
    return this.current.marks;
  }

  /** Whether the second stream took over. */
  get fellBack(): boolean {
    return this.second !== undefined;
  }

  get steer(): ((input: InputMessage[]) => Promise<boolean>) | undefined {
    const s = this.current;
    return s.steer ? (input) => s.steer!(input) : undefined;
  }

  cancel(): void {
    this.cancelled = true;
    this.current.cancel();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<string> {
    const first = this.current;
    yield* first;
    await this.decided;
    if (this.second) yield* this.second;
  }
}
