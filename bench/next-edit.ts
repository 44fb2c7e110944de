// Next-edit benchmark. (1) From the model's last token to the prediction handed to the editor
// (reply read, checked against the window, diffed, first edit offered, decoration plan built)
// for rename predictions in a 400-line file; (2) a typist replaying recorded edit sequences
// (a rename, a new parameter and its call sites, a change repeated down a list) and writing new
// code, against models answering at 1,000 tokens/s: one always right, one right on a stated
// share only, one that mostly predicts no edit (as a real model does while code is written).
// Reports requests per 100 keystrokes, the share of shown predictions typed into without a new
// request, wrong predictions shown and those the typist had to dismiss, and how soon after a
// rename its next occurrence is offered. Writes bench/results/next-edit.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Clock } from '../src/time/clock';
import { DebouncePolicy } from '../src/time/debouncePolicy';
import { silentLogger } from '../src/log/logger';
import { decorationPlan } from '../src/nextEdit/decorationPlan';
import { EditHistory } from '../src/nextEdit/editHistory';
import { LineMirror } from '../src/nextEdit/lineMirror';
import { NextEditEngine, type ShownPrediction } from '../src/nextEdit/nextEditEngine';
import { PlainDocument } from '../src/nextEdit/plainDocument';
import type { OffsetChange } from '../src/nextEdit/typeThrough';
import type { RequestSample } from '../src/metrics/requestSample';
import { fallibleModel, mostlyNoneModel, newCodeSequence, oracleModel, type Model } from './nextEditModels';
import { ReplayModel, sequences, VirtualClock, type Sequence } from './nextEditReplay';
import { percentileFigure, shareFigure } from './sampleStats.mjs';

const trials = Number(process.argv.find((a) => a.startsWith('--trials='))?.slice(9) ?? 300);
/** The fallible model is right on this share of the predictions that have an edit to make. */
const RIGHT_SHARE = 0.7;
/** The mostly-none model predicts no edit on this share of requests. */
const NONE_SHARE = 0.9;
/** The typist's pause before going to the next place (ms). */
const MOVE_PAUSE_MS = 700;

interface Hooks {
  onShow?: (p: ShownPrediction) => void;
  onRecord?: (s: RequestSample) => void;
}

function engineFor(doc: PlainDocument, clock: Clock, model: ReplayModel, hooks: Hooks) {
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
        hooks.onShow?.(p);
      },
      hide: () => {},
    },
    metrics: { record: (s) => hooks.onRecord?.(s) },
    log: process.env.BENCH_DEBUG ? { ...silentLogger, warn: (m: string) => console.error(m) } : silentLogger,
    refusal: () => undefined,
  });
  const type = (change: OffsetChange) => {
    const s = doc.positionAt(change.offset);
    const e = doc.positionAt(change.offset + change.length);
    history.record(doc.key, mirror.apply({ startLine: s.line, startCharacter: s.character, endLine: e.line, endCharacter: e.character, text: change.text }), clock.now());
    doc.apply(change);
    engine.changed(doc, [change]);
  };
  return { engine, type };
}

/**
 * (1) Real time from the reply's end (the stream's own `done` mark, as the latency log records
 * it) to the decoration plan handed to the editor, one rename prediction per trial.
 */
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
    let shownAt: number | undefined;
    let done!: (ms: number) => void;
    const measured = new Promise<number>((r) => (done = r));
    const model = new ReplayModel(immediate, oracleAnswer(oracleModel(bigAfter)), 0, Number.POSITIVE_INFINITY);
    const { engine, type } = engineFor(doc, immediate, model, {
      onShow: () => (shownAt ??= performance.now()),
      onRecord: (s) => {
        if (s.outcome === 'used' && shownAt !== undefined && s.marks.done !== undefined) done(shownAt - s.marks.done);
      },
    });
    doc.moveCursor(doc.positionAt(at + 5));
    type({ offset: at, length: 5, text: 'total' });
    const ms = await Promise.race([measured, new Promise<undefined>((r) => setTimeout(r, 1000))]);
    if (ms === undefined) throw new Error(`trial ${t}: no prediction was shown`);
    out.push(ms);
    engine.dispose();
  }
  return out;
}

const oracleAnswer = (model: Model) => (request: Parameters<Model>[0]) => model(request).text;

/** Deterministic typing gaps around a 120 ms median. */
function* gaps(): Generator<number> {
  let x = 12345;
  for (;;) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    yield 70 + (x % 100);
  }
}

interface RunFigures {
  name: string;
  keystrokes: number;
  requests: number;
  shown: number;
  typedThrough: number;
  dropped: number;
  empty: number;
  wrongShown: number;
  wrongDismissed: number;
  /** Last key of the first place edited to the first prediction shown after it (ms), if any. */
  firstPlaceToShownMs: number | null;
}

/**
 * One sequence typed against `model`. A shown prediction that came from a wrong answer and sits
 * where the typist types (at the cursor, or drawn on the cursor's line) is dismissed (Escape)
 * before typing on; wrong ones elsewhere are left to be withdrawn by the next change.
 */
async function typingRun(seq: Sequence, makeModel: (after: string) => Model): Promise<RunFigures> {
  const clock = new VirtualClock();
  const doc = new PlainDocument(seq.before);
  const answer = makeModel(seq.after);
  let lastWrong = false;
  const model = new ReplayModel(clock, (r) => {
    const a = answer(r);
    lastWrong = a.wrong;
    return a.text;
  }, 25, 1000);
  const figures: RunFigures = { name: seq.name, keystrokes: 0, requests: 0, shown: 0, typedThrough: 0, dropped: 0, empty: 0, wrongShown: 0, wrongDismissed: 0, firstPlaceToShownMs: null };
  let wrongOnScreen: ShownPrediction | undefined;
  let firstPlaceEnd: number | undefined;
  const { engine, type } = engineFor(doc, clock, model, {
    onShow: (p) => {
      if (firstPlaceEnd !== undefined && figures.firstPlaceToShownMs === null) figures.firstPlaceToShownMs = clock.now() - firstPlaceEnd;
      if (lastWrong && p !== wrongOnScreen && !sameEdit(p, wrongOnScreen)) figures.wrongShown++;
      wrongOnScreen = lastWrong ? p : undefined;
    },
  });
  const gap = gaps();
  let moves = 0;
  for (const step of seq.steps) {
    const shown = engine.shown();
    if (shown && wrongOnScreen && sameEdit(shown, wrongOnScreen) && (shown.kind === 'ghost' || shown.start.line === doc.cursor().line)) {
      engine.dismiss();
      figures.wrongDismissed++;
    }
    if (step.kind === 'move') {
      if (moves++ === 1) firstPlaceEnd ??= clock.now();
      await clock.advance(MOVE_PAUSE_MS);
      const to = doc.positionAt(step.offset);
      const from = doc.cursor();
      doc.moveCursor(to);
      if (to.line !== from.line || to.character !== from.character) engine.moved(doc);
      continue;
    }
    type({ offset: step.offset, length: step.length, text: step.text });
    await clock.advance(gap.next().value as number);
  }
  await clock.advance(2000);
  if (doc.getText() !== seq.after) throw new Error(`${seq.name}: the replay did not reach the recorded text`);
  engine.dispose();
  const s = engine.stats;
  return { ...figures, keystrokes: s.keystrokes, requests: s.requests, shown: s.shown, typedThrough: s.typedThrough, dropped: s.dropped, empty: s.empty };
}

function sameEdit(a: ShownPrediction | undefined, b: ShownPrediction | undefined): boolean {
  return !!a && !!b && a.docKey === b.docKey && a.start.line === b.start.line && a.edit.newText === b.edit.newText;
}

const round = (v: number, d = 3) => Math.round(v * 10 ** d) / 10 ** d;
const sum = (runs: RunFigures[], key: keyof RunFigures) => runs.reduce((n, r) => n + Number(r[key] ?? 0), 0);
const perHundred = (runs: RunFigures[]) => round((sum(runs, 'requests') / sum(runs, 'keystrokes')) * 100, 1);
/** Of the shown predictions, the share typed through, with its Wilson interval. */
const share = (runs: RunFigures[]) => shareFigure('typed_through_share', sum(runs, 'typedThrough'), sum(runs, 'shown'));
const perSequence = (runs: RunFigures[]) =>
  runs.map((r) => ({ name: r.name, keystrokes: r.keystrokes, requests: r.requests, shown: r.shown, typed_through: r.typedThrough, dropped: r.dropped, empty: r.empty, wrong_shown: r.wrongShown, wrong_dismissed: r.wrongDismissed }));

const latency = await lastTokenToDrawn();
const recorded = sequences();
const newCode = newCodeSequence();
const right: RunFigures[] = [];
for (const seq of recorded) right.push(await typingRun(seq, oracleModel));
const fallible: RunFigures[] = [];
for (const seq of recorded) fallible.push(await typingRun(seq, (after) => fallibleModel(after, RIGHT_SHARE)));
const none: RunFigures[] = [];
for (const seq of [...recorded, newCode]) none.push(await typingRun(seq, (after) => mostlyNoneModel(after, NONE_SHARE)));
const newCodeRight = await typingRun(newCode, oracleModel);
const rename = right[0];
const result = {
  ...percentileFigure('last_token_to_drawn_ms_p50', latency, 50, { digits: 3 }),
  ...percentileFigure('last_token_to_drawn_ms_p95', latency, 95, { digits: 3 }),
  keystrokes: sum(right, 'keystrokes'),
  requests: sum(right, 'requests'),
  requests_per_100_keystrokes: perHundred(right),
  predictions_shown: sum(right, 'shown'),
  typed_through: sum(right, 'typedThrough'),
  ...share(right),
  // After the first occurrence is renamed, the next one is offered before the typist moves on.
  rename_next_offered_ms: rename.firstPlaceToShownMs,
  rename_pause_ms: MOVE_PAUSE_MS,
  sequences: perSequence(right),
  fallible: {
    right_share: RIGHT_SHARE,
    requests_per_100_keystrokes: perHundred(fallible),
    ...share(fallible),
    predictions_shown: sum(fallible, 'shown'),
    wrong_shown: sum(fallible, 'wrongShown'),
    wrong_dismissed: sum(fallible, 'wrongDismissed'),
    sequences: perSequence(fallible),
  },
  mostly_none: {
    none_share: NONE_SHARE,
    requests_per_100_keystrokes: perHundred(none),
    ...share(none),
    sequences: perSequence(none),
  },
  // Writing new code against a model that mostly predicts no edit: how often next edit asks.
  requests_per_100_keystrokes_new_code: perHundred([none[none.length - 1]]),
  requests_per_100_keystrokes_new_code_oracle: perHundred([newCodeRight]),
  model: { first_token_ms: 25, tokens_per_second: 1000 },
  note: 'drawn = the decoration plan handed to the editor; the editor paints it in its next frame',
};
console.log(JSON.stringify(result, null, 2));
mkdirSync(join(process.cwd(), 'bench/results'), { recursive: true });
writeFileSync(join(process.cwd(), 'bench/results/next-edit.json'), `${JSON.stringify(result, null, 2)}\n`);
