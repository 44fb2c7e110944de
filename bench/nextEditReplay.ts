// What the next-edit benchmark replays: recorded edit sequences (a rename, a new parameter and
// its call sites, a pattern repeated down a list), a clock that moves only as the typist and
// the model make it, and a model that answers each request with the sequence's final text for
// the window it was given, after a first-token delay and at a given token rate.
import type { Clock } from '../src/time/clock';
import { newMarks } from '../src/metrics/timingMarks';
import type { ConnectionState } from '../src/transport/connectionState';
import type { ModelClient, ModelRequest, ModelStream, StreamResult } from '../src/transport/modelClient';

/** One keystroke of a recorded sequence, or a cursor move (no change). */
export type Step = { kind: 'move'; offset: number } | { kind: 'key'; offset: number; length: number; text: string };

export interface Sequence {
  name: string;
  before: string;
  after: string;
  steps: Step[];
}

/** A clock the benchmark advances: sleeps resolve in order as time passes them. */
export class VirtualClock implements Clock {
  private t = 0;
  private timers: { at: number; resolve: (v: boolean) => void }[] = [];

  now(): number {
    return this.t;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = { at: this.t + ms, resolve };
      this.timers.push(timer);
      signal?.addEventListener('abort', () => {
        this.timers = this.timers.filter((x) => x !== timer);
        resolve(false);
      });
    });
  }

  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      const due = this.timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.t = due.at;
      this.timers = this.timers.filter((x) => x !== due);
      due.resolve(true);
      await drain();
    }
    this.t = end;
    await drain();
  }
}

async function drain(): Promise<void> {
  for (let i = 0; i < 30; i++) await Promise.resolve();
}

/** The model: replies with `answer(request)` after `firstTokenMs` plus the reply's tokens at `tokensPerSecond`. */
export class ReplayModel implements ModelClient {
  readonly transport = 'ws' as const;
  readonly model = 'replay';
  readonly state: ConnectionState = { status: 'warm', endpoint: 'replay', transport: 'ws' };

  constructor(
    private readonly clock: Clock,
    private readonly answer: (request: ModelRequest) => string,
    private readonly firstTokenMs: number,
    private readonly tokensPerSecond: number,
  ) {}

  stream(request: ModelRequest): ModelStream {
    const clock = this.clock;
    const marks = newMarks(clock.now());
    marks.sent = marks.created;
    const text = this.answer(request);
    const tokens = Math.ceil(text.length / 4);
    const controller = new AbortController();
    const done: Promise<StreamResult> = (async () => {
      const ok = (await clock.sleep(this.firstTokenMs, controller.signal)) && (await clock.sleep((tokens * 1000) / this.tokensPerSecond, controller.signal));
      marks.done = clock.now();
      if (!ok) return { status: 'cancelled', text: '', outputTokens: 0 };
      marks.firstToken = marks.created + this.firstTokenMs;
      marks.outputTokens = tokens;
      return { status: 'completed', text, outputTokens: tokens };
    })();
    return {
      id: 0,
      marks,
      done,
      cancel: () => controller.abort(),
      async *[Symbol.asyncIterator]() {
        const r = await done;
        if (r.text) yield r.text;
      },
    };
  }

  async warm(): Promise<void> {}
  onStateChange(): () => void {
    return () => {};
  }
  stats() {
    return { openRequests: 0, busyLanes: 0, sockets: 1, listeners: 0 };
  }
  dispose(): void {}
}

/** Replace every whole-word `from` with `to`, one occurrence after another: go to its end, delete it, type the new word. */
function renameSteps(text: string, from: string, to: string): Step[] {
  const steps: Step[] = [];
  const re = new RegExp(`\\b${from}\\b`, 'g');
  let shift = 0;
  for (const m of text.matchAll(re)) {
    const start = m.index! + shift;
    steps.push({ kind: 'move', offset: start + from.length });
    for (let i = from.length; i > 0; i--) steps.push({ kind: 'key', offset: start + i - 1, length: 1, text: '' });
    for (let i = 0; i < to.length; i++) steps.push({ kind: 'key', offset: start + i, length: 0, text: to[i] });
    shift += to.length - from.length;
  }
  return steps;
}

/** Insert `insert` at the end of each match of `re`, typed one key at a time. */
function insertSteps(text: string, re: RegExp, insert: string): Step[] {
  const steps: Step[] = [];
  let shift = 0;
  for (const m of text.matchAll(re)) {
    const offset = m.index! + m[0].length + shift;
    steps.push({ kind: 'move', offset });
    for (let i = 0; i < insert.length; i++) steps.push({ kind: 'key', offset: offset + i, length: 0, text: insert[i] });
    shift += insert.length;
  }
  return steps;
}

function moduleText(blocks: number): string {
  const out: string[] = [];
  for (let i = 0; i < blocks; i++) {
    out.push(`export function score${i}(items: Item[], limit: number): number {`, '  let count = 0;', '  for (const item of items) {', '    if (item.size > limit) count += item.weight;', '  }', '  return count;', '}', '');
  }
  return out.join('\n');
}

/** The recorded sequences: each ends in `after`, reached by its steps from `before`. */
export function sequences(): Sequence[] {
  const mod = moduleText(6);
  const calls = ['function fetchUser(id) {', '  return db.users.get(id);', '}', '', ...Array.from({ length: 12 }, (_, i) => `const user${i} = fetchUser(${i});`), ''].join('\n');
  const list = ['const fields = [', ...Array.from({ length: 16 }, (_, i) => `  { name: 'field${i}' },`), '];', ''].join('\n');
  return [
    { name: 'rename a variable', before: mod, after: mod.replace(/\bcount\b/g, 'total'), steps: renameSteps(mod, 'count', 'total') },
    { name: 'add a parameter and update the call sites', before: calls, after: calls.replace(/fetchUser\((\w+)\)/g, 'fetchUser($1, options)'), steps: insertSteps(calls, /fetchUser\(\w+/g, ', options') },
    { name: 'repeat a change down a list', before: list, after: list.replace(/' \}/g, "', required: true }"), steps: insertSteps(list, /'field\d+'/g, ', required: true') },
  ];
}
