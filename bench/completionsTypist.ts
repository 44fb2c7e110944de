// The simulated typist of the ghost-text benchmark: types a real source file at a human pace
// through the real engine and a real model client, accepts a suggestion with Tab when it is
// exactly what comes next and has been visible for a reaction time, else types through it.
// What happened is read from what the product keeps anyway: the latency store (the ring buffer
// and counts behind the latency report) and the engine's log of the requests it starts.
import { readFileSync } from 'node:fs';
import { systemClock } from '../src/time/clock';
import { CompletionEngine } from '../src/completions/completionEngine';
import type { CompletionSettings } from '../src/completions/completionSettings';
import type { CompletionResult } from '../src/completions/completionTypes';
import { SnippetRing } from '../src/context/snippetRing';
import { createMetricsStore } from '../src/metrics/metricsStore';
import type { ModelClient } from '../src/transport/modelClient';
import { CompletionRequestLog } from '../support/completionRequestLog';

const REACTION_MS = 250;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Deterministic pseudo-random numbers, so a seed always types the same way. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** Human keystroke gaps: 60 ms floor plus an exponential tail (mean ~150 ms), longer after a line. */
function gapMs(rand: () => number, char: string): number {
  const base = 60 + -Math.log(1 - rand()) * 90;
  return char === '\n' && rand() < 0.3 ? base + 300 + rand() * 500 : base;
}

/** What answers while one file is typed: a client and the engine settings for it. */
export interface TypistModel {
  open(path: string, text: string): Promise<{ client: ModelClient; settings: CompletionSettings; close(): void }>;
}

export interface Call {
  result: CompletionResult | undefined;
  /** Requests the engine started while answering this keystroke. */
  requestsStarted: number;
  /** The answer was the rest of the suggestion shown before the keystroke (typed through). */
  sameSuggestion: boolean;
  /** The answer came while it was still wanted: the suggestion was on screen. */
  shown: boolean;
  /** The suggestion is what the file really says next. */
  correct: boolean;
}

export interface RunStats {
  keystrokes: number;
  requests: number;
  speculative: number;
  typingThrough: number;
  cache: number;
  /** Requests whose text never reached the user: cancelled, or finished unused. */
  abandoned: number;
  accepted: number;
  calls: Call[];
}

export interface TypistRun {
  maxKeys: number;
  seed: number;
  model: TypistModel;
  /** Waits for whatever is still streaming before counting (the real model can be slow). */
  settleMs?: number;
}

const LANGUAGES: Record<string, string> = { ts: 'typescript', py: 'python', go: 'go' };

/** Types one file; returns what happened. */
export async function typeFile(path: string, others: string[], run: TypistRun): Promise<RunStats> {
  const text = readFileSync(path, 'utf8');
  const { client, settings, close } = await run.model.open(path, text);
  const metrics = createMetricsStore();
  const requestLog = new CompletionRequestLog();
  const ring = new SnippetRing();
  for (const o of others) ring.add(o, readFileSync(o, 'utf8').split('\n').slice(0, 40).join('\n'));
  const engine = new CompletionEngine({ client: () => client, settings: () => settings, clock: systemClock(() => performance.now()), metrics, log: requestLog });
  const languageId = LANGUAGES[path.split('.').pop()!] ?? 'plaintext';
  const rand = rng(text.length + run.seed * 7919);
  const calls: Call[] = [];
  const pending = new Set<Promise<unknown>>();
  let pos = 0;
  let keys = 0;
  let accepted = 0;
  let visible: { result: CompletionResult; at: number; end: string } | undefined;
  let controller: AbortController | undefined;
  const ask = () => {
    controller?.abort();
    const mine = (controller = new AbortController());
    const shownEnd = visible?.end;
    visible = undefined;
    const before = requestLog.count();
    const at = pos;
    const prefix = text.slice(0, at);
    const p = engine
      .provide({ prefix, suffix: '', languageId, filePath: path.split('/').pop()!,
        snippets: () => ring.select(path, text.slice(Math.max(0, at - 1500), at), () => true), explicit: false, signal: mine.signal })
      .then((result) => {
        const end = result ? prefix + result.suggestion.text : undefined;
        const correct = result !== undefined && result.suggestion.replaceSuffix === 0 && result.suggestion.text !== '' && text.startsWith(result.suggestion.text, at);
        const shown = result !== undefined && controller === mine;
        calls.push({ result, requestsStarted: requestLog.count() - before, sameSuggestion: end !== undefined && end === shownEnd, shown, correct });
        if (shown) visible = { result, at: performance.now(), end: end! };
      });
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };
  try {
    while (client.state.status !== 'warm') await sleep(10);
    ask();
    while (pos < text.length && keys < run.maxKeys) {
      const next = text[pos];
      await sleep(gapMs(rand, next));
      const shown = visible;
      if (shown && shown.result.suggestion.replaceSuffix === 0 && performance.now() - shown.at >= REACTION_MS && text.startsWith(shown.result.suggestion.text, pos)) {
        pos += shown.result.suggestion.text.length;
        engine.accepted(shown.result.entryId);
        accepted++;
      } else {
        pos++;
        // The editor indents the new line by itself.
        if (next === '\n') while (text[pos] === ' ' || text[pos] === '\t') pos++;
      }
      keys++;
      ask();
    }
    await sleep(run.settleMs ?? 300);
    controller?.abort();
    await Promise.allSettled([...pending]);
    engine.dispose();
    // Every request started records one sample when its stream ends: wait for the last ones.
    const deadline = performance.now() + 30_000;
    while (requestsEnded(metrics) < requestLog.count() && performance.now() < deadline) await sleep(20);
  } finally {
    controller?.abort();
    engine.dispose();
    close();
  }
  const outcomes = metrics.snapshot().outcomes.completion;
  return { keystrokes: keys, requests: requestLog.count(), speculative: requestLog.count('speculative'), typingThrough: outcomes['typing-through'],
    cache: outcomes.cache, abandoned: outcomes.abandoned, accepted, calls };
}

function requestsEnded(metrics: ReturnType<typeof createMetricsStore>): number {
  const c = metrics.snapshot().outcomes.completion;
  return c.used + c.abandoned + c.failed;
}

export function emptyStats(): RunStats {
  return { keystrokes: 0, requests: 0, speculative: 0, typingThrough: 0, cache: 0, abandoned: 0, accepted: 0, calls: [] };
}

export function addStats(total: RunStats, r: RunStats): RunStats {
  for (const k of ['keystrokes', 'requests', 'speculative', 'typingThrough', 'cache', 'abandoned', 'accepted'] as const) total[k] += r[k];
  total.calls.push(...r.calls);
  return total;
}
