import { newMarks } from '../../src/metrics/timingMarks';
import type { ConnectionState } from '../../src/transport/connectionState';
import type { ModelClient, ModelRequest, ModelStream, StreamResult } from '../../src/transport/modelClient';
import { ModelError } from '../../src/transport/modelError';

/** A stream the test feeds by hand. */
export class FakeStream implements ModelStream {
  readonly marks;
  readonly done: Promise<StreamResult>;
  cancelled = false;
  private text = '';
  private queue: string[] = [];
  private waiter: ((r: IteratorResult<string>) => void) | undefined;
  private result: StreamResult | undefined;
  private resolveDone!: (r: StreamResult) => void;

  constructor(
    readonly id: number,
    readonly request: ModelRequest,
    private readonly now: () => number,
    private readonly log: string[],
  ) {
    this.marks = newMarks(now());
    this.marks.sent = now();
    this.done = new Promise((r) => (this.resolveDone = r));
  }

  push(delta: string): void {
    if (this.result) return;
    this.marks.firstToken ??= this.now();
    this.marks.outputTokens++;
    this.text += delta;
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = undefined;
      w({ value: delta, done: false });
    } else this.queue.push(delta);
  }

  finish(status: 'completed' | 'incomplete' | 'failed' = 'completed', error?: ModelError): void {
    this.end({ status, text: this.text, outputTokens: this.marks.outputTokens, ...(error ? { error } : {}) });
  }

  cancel(): void {
    if (this.result) return;
    this.cancelled = true;
    this.log.push(`cancel #${this.id}`);
    this.queue = [];
    this.end({ status: 'cancelled', text: this.text, outputTokens: this.marks.outputTokens });
  }

  [Symbol.asyncIterator](): AsyncIterator<string> {
    return {
      next: () => {
        const v = this.queue.shift();
        if (v !== undefined) return Promise.resolve({ value: v, done: false });
        if (this.result) return Promise.resolve({ value: undefined, done: true });
        return new Promise((r) => (this.waiter = r));
      },
    };
  }

  private end(result: StreamResult): void {
    if (this.result) return;
    this.result = result;
    this.marks.done = this.now();
    this.resolveDone(result);
    const w = this.waiter;
    this.waiter = undefined;
    w?.({ value: undefined, done: true });
  }
}

/** A ModelClient whose streams the test drives; `log` records stream and cancel calls in order. */
export class FakeModelClient implements ModelClient {
  readonly transport = 'ws' as const;
  readonly model = 'fake';
  readonly state: ConnectionState = { status: 'warm', endpoint: 'fake', transport: 'ws' };
  readonly streams: FakeStream[] = [];
  readonly log: string[] = [];

  constructor(private readonly now: () => number) {}

  stream(request: ModelRequest): FakeStream {
    const s = new FakeStream(this.streams.length + 1, request, this.now, this.log);
    this.streams.push(s);
    this.log.push(`stream #${s.id}`);
    return s;
  }

  get last(): FakeStream {
    const s = this.streams[this.streams.length - 1];
    if (!s) throw new Error('no stream started');
    return s;
  }

  async warm(): Promise<void> {}
  onStateChange(): () => void {
    return () => {};
  }
  stats() {
    return { openRequests: this.streams.filter((s) => !s.cancelled).length, busyLanes: 0, sockets: 1, listeners: 0 };
  }
  dispose(): void {}
}

export { ModelError };
