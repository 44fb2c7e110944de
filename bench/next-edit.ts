// Next-edit benchmark. (1) From the model's last token to the prediction handed to the editor
// (reply read, checked against the window, diffed, first edit offered, decoration plan built)
// for rename predictions in a 400-line file; (2) a typist replaying recorded edit sequences
// (a rename, a new parameter and its call sites, a change repeated down a list) against a model
// answering at 1,000 tokens/s: requests per 100 keystrokes, and the share of shown
// predictions the typist typed into that were served without a new request. Writes
// bench/results/next-edit.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Clock } from '../src/time/clock';
import { DebouncePolicy } from '../src/time/debouncePolicy';
import { silentLogger } from '../src/log/logger';
import { percentile } from '../src/metrics/percentiles';
import { decorationPlan } from '../src/nextEdit/decorationPlan';
import { EditHistory } from '../src/nextEdit/editHistory';
import { LineMirror } from '../src/nextEdit/lineMirror';
import { NextEditEngine, type NextEditStats } from '../src/nextEdit/nextEditEngine';
import { PlainDocument } from '../src/nextEdit/plainDocument';
import type { OffsetChange } from '../src/nextEdit/typeThrough';
import type { ModelRequest } from '../src/transport/modelClient';
import { ReplayModel, sequences, VirtualClock, type Sequence } from './nextEditReplay';

const trials = Number(process.argv.find((a) => a.startsWith('--trials='))?.slice(9) ?? 300);

/** The model's answer: the final text of the window it was given (lines as in the prompt). */
function oracle(after: string): (request: ModelRequest) => string {
  const lines = after.split('\n');
  return (request) => {
    const m = /Code around the cursor \(lines (\d+)-(\d+)\):/.exec(request.input[0].content);
    if (!m) throw new Error('next-edit prompt without its window line numbers');
    return `${lines.slice(Number(m[1]) - 1, Number(m[2])).join('\n')}\n`;
  };
}

function engineFor(doc: PlainDocument, clock: Clock, answer: (r: ModelRequest) => string, firstTokenMs: number, tokensPerSecond: number, onShow: () => void) {
  const history = new EditHistory();
  const mirror = new LineMirror(doc.getText());
  const engine = new NextEditEngine({
    client: () => model,
    clock,
    debounce: new DebouncePolicy(() => null),
    history,
    view: {
      show: (p) => {
        decorationPlan(p);
        onShow();
      },
      hide: () => {},
    },
    metrics: { record: () => {} },
    log: process.env.BENCH_DEBUG ? { ...silentLogger, warn: (m: string) => console.error(m) } : silentLogger,
    refusal: () => undefined,
  });
  const model = new ReplayModel(clock, answer, firstTokenMs, tokensPerSecond);
  const type = (change: OffsetChange) => {
    const s = doc.positionAt(change.offset);
    const e = doc.positionAt(change.offset + change.length);
    history.record(doc.key, mirror.apply({ startLine: s.line, startCharacter: s.character, endLine: e.line, endCharacter: e.character, text: change.text }), clock.now());
    doc.apply(change);
    engine.changed(doc, [change]);
  };
  return { engine, type };
}

/** (1) Real time from the reply's end to the decoration plan, one rename prediction per trial. */
async function lastTokenToDrawn(): Promise<number[]> {
  const seq = sequences()[0];
  const big = Array.from({ length: 8 }, () => seq.before).join('\n');
  const bigAfter = Array.from({ length: 8 }, () => seq.after).join('\n');
  const immediate: Clock = { now: () => performance.now(), sleep: async () => true };
  const out: number[] = [];
  for (let t = 0; t < trials; t++) {
    const doc = new PlainDocument(big);
    // A different occurrence each trial, so windows differ.
    const occurrences = [...big.matchAll(/\bcount\b/g)];
    const at = occurrences[(t * 7) % occurrences.length].index!;
    let shown!: () => void;
    const drawn = new Promise<void>((r) => (shown = r));
    const { engine, type } = engineFor(doc, immediate, oracle(bigAfter), 0, Number.POSITIVE_INFINITY, () => shown());
    doc.moveCursor(doc.positionAt(at + 5));
    type({ offset: at, length: 5, text: 'total' });
    await Promise.race([drawn, new Promise((r) => setTimeout(r, 1000))]);
    if (engine.stats.lastTokenToShownMs.length !== 1) throw new Error(`trial ${t}: no prediction was shown`);
    out.push(engine.stats.lastTokenToShownMs[0]);
    engine.dispose();
  }
  return out;
}

/** Deterministic typing gaps around a 120 ms median, and a pause before each new place. */
function* gaps(): Generator<number> {
  let x = 12345;
  for (;;) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    yield 70 + (x % 100);
  }
}

async function typingRun(seq: Sequence): Promise<NextEditStats & { name: string }> {
  const clock = new VirtualClock();
  const doc = new PlainDocument(seq.before);
  const { engine, type } = engineFor(doc, clock, oracle(seq.after), 25, 1000, () => {});
  const gap = gaps();
  for (const step of seq.steps) {
    if (step.kind === 'move') {
      await clock.advance(700);
      doc.moveCursor(doc.positionAt(step.offset));
      continue;
    }
    type({ offset: step.offset, length: step.length, text: step.text });
    await clock.advance(gap.next().value as number);
  }
  await clock.advance(2000);
  if (doc.getText() !== seq.after) throw new Error(`${seq.name}: the replay did not reach the recorded text`);
  engine.dispose();
  return { name: seq.name, ...engine.stats };
}

const latency = (await lastTokenToDrawn()).sort((a, b) => a - b);
const runs = [];
for (const seq of sequences()) runs.push(await typingRun(seq));
const keystrokes = runs.reduce((n, r) => n + r.keystrokes, 0);
const requests = runs.reduce((n, r) => n + r.requests, 0);
const shown = runs.reduce((n, r) => n + r.shown, 0);
const typedThrough = runs.reduce((n, r) => n + r.typedThrough, 0);
const round = (v: number, d = 3) => Math.round(v * 10 ** d) / 10 ** d;
const result = {
  last_token_to_drawn_ms_p50: round(percentile(latency, 50) ?? Number.NaN),
  last_token_to_drawn_ms_p95: round(percentile(latency, 95) ?? Number.NaN),
  last_token_to_drawn_samples: latency.length,
  keystrokes,
  requests,
  requests_per_100_keystrokes: round((requests / keystrokes) * 100, 1),
  predictions_shown: shown,
  typed_through: typedThrough,
  typed_through_share: round(shown > 0 ? typedThrough / shown : 0),
  sequences: runs.map((r) => ({ name: r.name, keystrokes: r.keystrokes, requests: r.requests, shown: r.shown, typed_through: r.typedThrough, dropped: r.dropped })),
  model: { first_token_ms: 25, tokens_per_second: 1000 },
  note: 'drawn = the decoration plan handed to the editor; the editor paints it in its next frame',
};
console.log(JSON.stringify(result, null, 2));
mkdirSync(join(process.cwd(), 'bench/results'), { recursive: true });
writeFileSync(join(process.cwd(), 'bench/results/next-edit.json'), `${JSON.stringify(result, null, 2)}\n`);
