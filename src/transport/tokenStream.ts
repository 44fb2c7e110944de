import { newMarks, type TimingMarks } from '../metrics/timingMarks';
import { BLOCKED_GRACE_MS, firedLate } from './blockedThread';
import type { FunctionCallItem } from '../protocol/readResponsesEvent';
import type { FunctionCallResult, InputMessage, ModelStream, StreamResult } from './modelClient';
import { ModelError } from './modelError';
import { StopCutter } from './stopCutter';

export interface TokenStreamOptions {
  id: number;
  now: () => number;
  firstTokenTimeoutMs: number;
  stallTimeoutMs: number;
  stop?: readonly string[];
  /** Shown in timeout messages. */
  endpoint: string;
  /** Most characters delivered; past it the stream ends 'incomplete' (see outputCharCap). */
  maxChars?: number;
  /** The stream was cut at `maxChars`. */
  onCapped?: (maxChars: number) => void;
}

type Waiter = (r: IteratorResult<string>) => void;

const DONE: IteratorResult<string> = { value: undefined, done: true };

/** What the server's terminal event said: usage (when reported) and the error of a failure. */
export interface StreamEnd {
  outputTokens?: number;
  inputTokens?: number;
  cachedInputTokens?: number;
  error?: ModelError;
}

/**
 * The ModelStream handed to callers, fed by a transport. Deltas go straight to a waiting
 * iterator (no timers on the delta path); one timer per request covers both the first-token
 * and the stall timeout, re-armed lazily rather than on every token.
 */
export class TokenStream implements ModelStream {
  readonly id: number;
  readonly marks: TimingMarks;
  readonly done: Promise<StreamResult>;
  /** Set by the transport: the caller stopped listening, so its server-side work is abandoned. */
  onAbandon: (() => void) | undefined;
  /** Set by transports that can steer a running response. */
  steer?: (input: InputMessage[]) => Promise<boolean>;
  responseId: string | undefined;

  private resolveDone!: (r: StreamResult) => void;
  private result: StreamResult | undefined;
  private text = '';
  private readonly calls: FunctionCallResult[] = [];
  private readonly queue: string[] = [];
  private head = 0;
  private waiter: Waiter | undefined;
  private readonly cutter: StopCutter | undefined;
  private lastTokenAt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the timer is due (late means this thread was blocked). */
  private dueAt = 0;
  /** When the last extra wait for a blocked thread began; one per quiet period. */
  private graceAt: number | undefined;

  constructor(private readonly opts: TokenStreamOptions) {
    this.id = opts.id;
    this.marks = newMarks(opts.now());
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
    const cutter = opts.stop?.length ? new StopCutter(opts.stop) : undefined;
    this.cutter = cutter?.active ? cutter : undefined;
    this.arm(opts.firstTokenTimeoutMs);
  }

  get finished(): boolean {
    return this.result !== undefined;
  }

  /** Whether any delta reached the caller (a request may only be retried silently before). */
  get delivered(): boolean {
    return this.marks.firstToken !== undefined;
  }

  markSent(): void {
    this.marks.sent = this.opts.now();
  }

  push(delta: string): void {
    if (this.result) return;
    this.noteToken();
    if (this.cutter) {
      const out = this.cutter.push(delta);
      if (out) this.deliverCapped(out);
      if (this.cutter.stopped && !this.result) {
        this.end('completed', {});
        this.onAbandon?.();
      }
      return;
    }
    this.deliverCapped(delta);
  }

  /** A piece of a function call's arguments: the response is alive (first-token and stall timeouts). */
  pushArguments(): void {
    if (this.result) return;
    this.noteToken();
  }

  /** A token arrived: the first one starts the stall timer; each one counts and resets it. */
  private noteToken(): void {
    const m = this.marks;
    const t = this.opts.now();
    if (m.firstToken === undefined) {
      m.firstToken = t;
      this.arm(this.opts.stallTimeoutMs);
    }
    this.lastTokenAt = t;
    m.outputTokens++;
  }

  /** A function call item is complete. */
  pushCall(call: FunctionCallItem): void {
    if (this.result) return;
    this.calls.push({ ...call, receivedAt: this.opts.now() });
  }

  /** The server ended the response. */
  finish(status: 'completed' | 'incomplete' | 'failed', extra: StreamEnd = {}): void {
    if (this.result) return;
    const tail = this.cutter?.flush();
    if (tail && status !== 'failed') this.deliverCapped(tail);
    if (!this.result) this.end(status, extra);
  }

  fail(error: ModelError): void {
    this.finish('failed', { error });
  }

  /** Ends the request on the client side (timeout, malformed frame) and abandons its server work. */
  abandon(error: ModelError): void {
    if (this.result) return;
    this.end('failed', { error });
    this.onAbandon?.();
  }

  cancel(): void {
    if (this.result) return;
    this.queue.length = 0;
    this.head = 0;
    this.end('cancelled', {});
    this.onAbandon?.();
  }

  [Symbol.asyncIterator](): AsyncIterator<string> {
    return this;
  }

  next(): Promise<IteratorResult<string>> {
    if (this.head < this.queue.length) {
      const value = this.queue[this.head++];
      if (this.head === this.queue.length) {
        this.queue.length = 0;
        this.head = 0;
      }
      return Promise.resolve({ value, done: false });
    }
    if (this.result) return Promise.resolve(DONE);
    return new Promise((resolve) => (this.waiter = resolve));
  }

  /** Leaving a `for await` loop early cancels the request. */
  return(): Promise<IteratorResult<string>> {
    this.cancel();
    return Promise.resolve(DONE);
  }

  /** Delivers up to the character cap; reaching past it ends the stream like an output limit. */
  private deliverCapped(text: string): void {
    const max = this.opts.maxChars ?? Infinity;
    const room = max - this.text.length;
    if (text.length <= room) return this.deliver(text);
    let head = text.slice(0, room);
    // Never end on half of a surrogate pair.
    const last = head.charCodeAt(head.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) head = head.slice(0, -1);
    if (head) this.deliver(head);
    this.opts.onCapped?.(max);
    this.end('incomplete', {});
    this.onAbandon?.();
  }

  private deliver(text: string): void {
    this.text += text;
    const w = this.waiter;
    if (w) {
      this.waiter = undefined;
      w({ value: text, done: false });
    } else {
      this.queue.push(text);
    }
  }

  private end(status: StreamResult['status'], extra: StreamEnd): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.marks.done = this.opts.now();
    if (extra.outputTokens !== undefined) this.marks.outputTokens = extra.outputTokens;
    if (extra.inputTokens !== undefined) this.marks.inputTokens = extra.inputTokens;
    if (extra.cachedInputTokens !== undefined) this.marks.cachedInputTokens = extra.cachedInputTokens;
    const result: StreamResult = { status, text: this.text, outputTokens: this.marks.outputTokens };
    if (this.responseId) result.responseId = this.responseId;
    if (this.calls.length) result.calls = this.calls;
    if (extra.error) result.error = extra.error;
    this.result = result;
    this.resolveDone(result);
    const w = this.waiter;
    if (w) {
      this.waiter = undefined;
      w(DONE);
    }
  }

  private arm(ms: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.dueAt = this.opts.now() + ms;
    this.timer = setTimeout(() => this.onTimer(), ms);
    this.timer.unref?.();
  }

  private onTimer(): void {
    this.timer = undefined;
    if (this.result) return;
    const { firstTokenTimeoutMs, stallTimeoutMs, endpoint } = this.opts;
    const now = this.opts.now();
    const limit = this.marks.firstToken === undefined ? firstTokenTimeoutMs : stallTimeoutMs;
    // Tokens may be sitting unread: one more short wait first, once per quiet period.
    if (firedLate(now, this.dueAt, limit) && (this.graceAt === undefined || this.lastTokenAt > this.graceAt)) {
      this.graceAt = now;
      this.arm(Math.min(limit, BLOCKED_GRACE_MS));
      return;
    }
    if (this.marks.firstToken === undefined) {
      this.abandon(
        new ModelError('timeout', `No response from ${endpoint} within ${firstTokenTimeoutMs} ms (setting "flint.request.firstTokenTimeoutMs").`),
      );
      return;
    }
    const quiet = now - this.lastTokenAt;
    if (quiet >= stallTimeoutMs) {
      this.abandon(
        new ModelError('timeout', `The stream from ${endpoint} stalled: no token for ${Math.round(quiet)} ms (setting "flint.request.stallTimeoutMs").`),
      );
      return;
    }
    this.arm(stallTimeoutMs - quiet);
  }
}
