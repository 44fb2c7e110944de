import type { Timers } from '../../src/edits/frameScheduler';
import { newMarks, type TimingMarks } from '../../src/metrics/timingMarks';
import type { ConnectionState } from '../../src/transport/connectionState';
import type { ModelClient, ModelRequest, ModelStream, StreamResult } from '../../src/transport/modelClient';
import { ModelError } from '../../src/transport/modelError';

/** A generation the test drives: push deltas, then end it. */
export class FakeStream implements ModelStream {
  readonly marks: TimingMarks = newMarks(0);
  readonly done: Promise<StreamResult>;
  cancelled = false;
  private text = '';
  private queue: string[] = [];
  private wake: (() => void) | undefined;
  private ended = false;
  private resolveDone!: (r: StreamResult) => void;

  constructor(readonly id: number, readonly request: ModelRequest) {
    this.done = new Promise((r) => (this.resolveDone = r));
  }

  /** Deltas pushed but not yet taken by the consumer. */
  get queued(): number {
    return this.queue.length;
  }

  push(...deltas: string[]): void {
    if (this.ended) return;
    for (const d of deltas) {
      this.text += d;
      this.marks.outputTokens++;
      this.queue.push(d);
    }
    this.wake?.();
  }

  end(status: StreamResult['status'] = 'completed', error?: ModelError): void {
    if (this.ended) return;
    this.ended = true;
    this.wake?.();
    this.resolveDone({ status, text: this.text, outputTokens: this.marks.outputTokens, error });
  }

  fail(message = 'connection dropped'): void {
    this.end('failed', new ModelError('network', message));
  }

  cancel(): void {
    this.cancelled = true;
    this.queue = [];
    this.end('cancelled', new ModelError('cancelled', 'cancelled'));
  }

  async *[Symbol.asyncIterator](): AsyncIterator<string> {
    for (;;) {
      if (this.queue.length > 0) {
        yield this.queue.shift()!;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((r) => (this.wake = r));
      this.wake = undefined;
    }
  }
}

/** Records every request; each returns a FakeStream the test drives. */
export class FakeModelClient implements ModelClient {
  readonly transport = 'ws' as const;
  readonly streams: FakeStream[] = [];
  readonly state: ConnectionState = { status: 'warm', endpoint: 'fake', transport: 'ws' };

  constructor(readonly model = 'fake-model') {}

  stream(request: ModelRequest): FakeStream {
    const s = new FakeStream(this.streams.length + 1, request);
    this.streams.push(s);
    return s;
  }

  get last(): FakeStream {
    return this.streams[this.streams.length - 1];
  }

  async warm(): Promise<void> {}
  onStateChange(): () => void {
    return () => {};
  }
  stats() {
    return { openRequests: 0, busyLanes: 0, sockets: 0, listeners: 0 };
  }
  dispose(): void {}
}

/** A clock that only moves when told to. */
export class ManualTimers implements Timers {
  time = 0;
  private tasks: { at: number; fn: () => void; id: number }[] = [];
  private nextId = 1;

  now(): number {
    return this.time;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.tasks.push({ at: this.time + ms, fn, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.tasks = this.tasks.filter((t) => t.id !== handle);
  }
  get pending(): number {
    return this.tasks.length;
  }
  /** Runs the timers due by now, without moving the clock; returns how many ran. */
  runDue(): number {
    let n = 0;
    for (;;) {
      this.tasks.sort((a, b) => a.at - b.at);
      if (!this.tasks[0] || this.tasks[0].at > this.time) return n;
      this.tasks.shift()!.fn();
      n++;
    }
  }

  /** Moves to the next timer and runs it; false when none is waiting. */
  runNext(): boolean {
    this.tasks.sort((a, b) => a.at - b.at);
    const t = this.tasks.shift();
    if (!t) return false;
    this.time = Math.max(this.time, t.at);
    t.fn();
    return true;
  }
}

/** Lets promise chains and async iterators run to quiescence, firing due timers in between. */
export async function drain(timers: ManualTimers, rounds = 50): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await new Promise((r) => setImmediate(r));
    if (!timers.runNext() && i > 5) {
      await new Promise((r) => setImmediate(r));
      if (timers.pending === 0) return;
    }
  }
}
