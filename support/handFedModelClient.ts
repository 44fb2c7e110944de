import { newMarks, type TimingMarks } from '../src/metrics/timingMarks';
import type { ConnectionState } from '../src/transport/connectionState';
import type { InputMessage, ModelClient, ModelRequest, ModelStream, StreamResult } from '../src/transport/modelClient';
import { ModelError } from '../src/transport/modelError';

type SteerAnswer = (input: InputMessage[]) => Promise<boolean>;

/**
 * A generation a test or a benchmark drives by hand: push deltas, then end (or fail) it. Timing
 * marks follow the client's clock; steers are recorded when the client answers them.
 */
export class HandFedStream implements ModelStream {
  readonly marks: TimingMarks;
  readonly done: Promise<StreamResult>;
  readonly steered: InputMessage[][] = [];
  cancelled = false;
  steer?: SteerAnswer;
  private text = '';
  private queue: string[] = [];
  private wake: (() => void) | undefined;
  /** Callers of taken(), told when the consumer next waits for more (or stops reading). */
  private takers: (() => void)[] = [];
  /** The consumer has taken everything and waits for more, or stopped reading. */
  private idle = false;
  private stoppedReading = false;
  private ended = false;
  private resolveDone!: (r: StreamResult) => void;

  constructor(
    readonly id: number,
    readonly request: ModelRequest,
    private readonly now: () => number,
    private readonly log: string[],
    steerAnswer: SteerAnswer | undefined,
  ) {
    this.marks = newMarks(now());
    this.marks.sent = now();
    this.done = new Promise((r) => (this.resolveDone = r));
    if (steerAnswer) {
      this.steer = (input) => {
        this.steered.push(input);
        return steerAnswer(input);
      };
    }
  }

  /** Deltas pushed but not yet taken by the consumer. */
  get queued(): number {
    return this.queue.length;
  }

  /**
   * Resolves once the consumer has taken every delta pushed so far (and handled each) and asks
   * for more, or has stopped reading. A stream nobody reads never gets there.
   */
  taken(): Promise<void> {
    if (this.stoppedReading || (this.idle && this.queue.length === 0)) return Promise.resolve();
    return new Promise((resolve) => this.takers.push(resolve));
  }

  get isEnded(): boolean {
    return this.ended;
  }

  push(...deltas: string[]): void {
    if (this.ended) return;
    for (const d of deltas) {
      this.marks.firstToken ??= this.now();
      this.marks.outputTokens++;
      this.text += d;
      this.queue.push(d);
    }
    this.idle = false;
    this.wake?.();
  }

  /** Ends the stream with `status`; `extra` adds to the result (responseId, error, …). */
  end(status: StreamResult['status'] = 'completed', extra: Partial<StreamResult> = {}): void {
    if (this.ended) return;
    this.ended = true;
    this.marks.done = this.now();
    this.idle = false;
    this.wake?.();
    this.resolveDone({ status, text: this.text, outputTokens: this.marks.outputTokens, ...extra });
  }

  fail(message = 'connection dropped'): void {
    this.end('failed', { error: new ModelError('network', message) });
  }

  cancel(): void {
    if (this.ended) return;
    this.cancelled = true;
    this.log.push(`cancel #${this.id}`);
    this.queue = [];
    this.end('cancelled', { error: new ModelError('cancelled', 'cancelled') });
  }

  async *[Symbol.asyncIterator](): AsyncIterator<string> {
    try {
      for (;;) {
        if (this.queue.length > 0) {
          yield this.queue.shift()!;
          continue;
        }
        if (this.ended) return;
        const waiting = new Promise<void>((r) => (this.wake = r));
        this.tellTakers();
        await waiting;
        this.wake = undefined;
      }
    } finally {
      this.stoppedReading = true;
      this.tellTakers();
    }
  }

  private tellTakers(): void {
    this.idle = true;
    const takers = this.takers;
    this.takers = [];
    for (const t of takers) t();
  }
}

export interface HandFedModelClientOptions {
  model?: string;
  /** The clock of the timing marks (default: always 0). */
  now?: () => number;
}

/**
 * A ModelClient whose streams the caller drives (the tests' model double; the edit benchmark's
 * feeder, so the pipeline behind it is what is timed). Records every request; `log` holds stream and
 * cancel calls in order; `steerAnswer` decides steers (undefined: the endpoint cannot steer).
 */
export class HandFedModelClient implements ModelClient {
  readonly transport = 'ws' as const;
  readonly model: string;
  readonly state: ConnectionState = { status: 'warm', endpoint: 'fake', transport: 'ws' };
  readonly streams: HandFedStream[] = [];
  readonly log: string[] = [];
  steerAnswer: SteerAnswer | undefined;
  private readonly now: () => number;

  constructor({ model = 'fake-model', now = () => 0 }: HandFedModelClientOptions = {}) {
    this.model = model;
    this.now = now;
  }

  stream(request: ModelRequest): HandFedStream {
    const s = new HandFedStream(this.streams.length + 1, request, this.now, this.log, this.steerAnswer);
    this.streams.push(s);
    this.log.push(`stream #${s.id}`);
    return s;
  }

  /** The newest stream; throws when none was started. */
  get last(): HandFedStream {
    const s = this.streams[this.streams.length - 1];
    if (!s) throw new Error('no stream started');
    return s;
  }

  async warm(): Promise<void> {}

  onStateChange(): () => void {
    return () => {};
  }

  stats() {
    return { openRequests: this.streams.filter((s) => !s.isEnded).length, busyLanes: 0, sockets: 1, listeners: 0 };
  }

  dispose(): void {}
}
