import { newMarks } from '../src/metrics/timingMarks';
import type { ConnectionState } from '../src/transport/connectionState';
import type { ModelClient, ModelRequest, ModelStream, StreamResult } from '../src/transport/modelClient';

/** A model stream the benchmark feeds at its own pace, so the pipeline behind it is what is timed. */
export class HandFedStream implements ModelStream {
  readonly marks = newMarks(performance.now());
  readonly done: Promise<StreamResult>;
  private text = '';
  private queue: string[] = [];
  private wake: (() => void) | undefined;
  private ended = false;
  private resolveDone!: (r: StreamResult) => void;

  constructor(readonly id: number, readonly request: ModelRequest) {
    this.done = new Promise((r) => (this.resolveDone = r));
  }

  /** Tokens pushed but not yet taken by the pipeline. */
  get queued(): number {
    return this.queue.length;
  }

  push(...tokens: string[]): void {
    if (this.ended) return;
    this.marks.firstToken ??= performance.now();
    for (const t of tokens) this.text += t;
    this.marks.outputTokens += tokens.length;
    this.queue.push(...tokens);
    this.wake?.();
  }

  end(status: StreamResult['status'] = 'completed'): void {
    if (this.ended) return;
    this.ended = true;
    this.marks.done = performance.now();
    this.wake?.();
    this.resolveDone({ status, text: this.text, outputTokens: this.marks.outputTokens });
  }

  cancel(): void {
    this.queue = [];
    this.end('cancelled');
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

/** The ModelClient the edit session talks to in the benchmark: every request gets a hand-fed stream. */
export class HandFedModelClient implements ModelClient {
  readonly transport = 'ws' as const;
  readonly model = 'bench';
  readonly state: ConnectionState = { status: 'warm', endpoint: 'bench', transport: 'ws' };
  private streams: HandFedStream[] = [];

  stream(request: ModelRequest): HandFedStream {
    const s = new HandFedStream(this.streams.length + 1, request);
    this.streams.push(s);
    return s;
  }

  get last(): HandFedStream {
    const s = this.streams[this.streams.length - 1];
    if (!s) throw new Error('the edit session started no request');
    return s;
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
