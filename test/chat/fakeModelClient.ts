import { newMarks } from '../../src/metrics/timingMarks';
import type { InputMessage, ModelClient, ModelRequest, ModelStream, StreamResult } from '../../src/transport/modelClient';

/**
 * A ModelClient whose streams the test drives by hand: push deltas, then end them. Records
 * every request and steer so tests can check what the session sent.
 */
export class FakeStream implements ModelStream {
  readonly marks = newMarks(0);
  readonly done: Promise<StreamResult>;
  readonly steered: InputMessage[][] = [];
  cancelled = false;
  steer?: (input: InputMessage[]) => Promise<boolean>;
  private text = '';
  private queue: string[] = [];
  private wake: (() => void) | undefined;
  private ended = false;
  private resolve!: (r: StreamResult) => void;

  constructor(
    readonly id: number,
    readonly request: ModelRequest,
    steerAnswer: ((input: InputMessage[]) => Promise<boolean>) | undefined,
  ) {
    this.done = new Promise((r) => (this.resolve = r));
    if (steerAnswer) {
      this.steer = (input) => {
        this.steered.push(input);
        return steerAnswer(input);
      };
    }
  }

  push(...deltas: string[]): void {
    for (const d of deltas) {
      if (this.marks.firstToken === undefined) this.marks.firstToken = 10;
      this.marks.outputTokens++;
      this.text += d;
      this.queue.push(d);
    }
    this.wake?.();
  }

  end(status: StreamResult['status'] = 'completed', extra: Partial<StreamResult> = {}): void {
    if (this.ended) return;
    this.ended = true;
    this.marks.done = 1010;
    this.wake?.();
    this.resolve({ status, text: this.text, outputTokens: this.marks.outputTokens, ...extra });
  }

  cancel(): void {
    this.cancelled = true;
    this.queue = [];
    this.end('cancelled');
  }

  async *[Symbol.asyncIterator](): AsyncIterator<string> {
    for (;;) {
      while (this.queue.length > 0) yield this.queue.shift()!;
      if (this.ended) return;
      await new Promise<void>((r) => (this.wake = r));
    }
  }
}

export class FakeModelClient implements ModelClient {
  readonly transport = 'ws' as const;
  readonly streams: FakeStream[] = [];
  /** How steer answers; undefined: the endpoint does not support steering. */
  steerAnswer: ((input: InputMessage[]) => Promise<boolean>) | undefined;
  readonly state = { status: 'warm' as const, endpoint: 'fake', transport: 'ws' as const };

  constructor(readonly model: string) {}

  stream(request: ModelRequest): FakeStream {
    const s = new FakeStream(this.streams.length + 1, request, this.steerAnswer);
    this.streams.push(s);
    return s;
  }

  get last(): FakeStream {
    return this.streams[this.streams.length - 1]!;
  }

  warm(): Promise<void> {
    return Promise.resolve();
  }

  onStateChange(): () => void {
    return () => {};
  }

  stats() {
    return { openRequests: 0, busyLanes: 0, sockets: 0, listeners: 0 };
  }

  dispose(): void {}
}

/** Lets queued promise callbacks (stream iteration, steer answers) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
}
