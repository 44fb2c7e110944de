// Soak: 20,000 keystrokes through the completions engine and the real WebSocket transport
// against the local endpoint on loopback (a child process, so the heap measured is the
// client's), with faults injected along the way; then every fault of the reliability matrix
// against ghost text, inline edit and chat. Afterwards the client must be back at its idle
// counts (requests, lanes, sockets, state listeners, timers) and the heap must not have grown
// beyond a bound. Usage: npm run bench -- soak [--keys=20000] [--minutes=6].
// Writes bench/results/soak.json.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CompletionEngine } from '../src/completions/completionEngine';
import type { Logger } from '../src/log/logger';
import { createMetricsStore } from '../src/metrics/metricsStore';
import { systemClock } from '../src/time/clock';
import { createModelClient } from '../src/transport/createModelClient';
import type { ModelClient } from '../src/transport/modelClient';
import { startSoakEndpoint } from './soakEndpoint';
import { runFaultMatrix } from './soakFaults';
import { CompletionRequestLog } from '../support/completionRequestLog';
import { until } from '../support/until.mjs';
import { trackTimers } from './soakTimers';
import { typeKeystrokes, type TypedFile } from './soakTypist';

// Heap figures need a full collection: without --expose-gc, run again in a node that has it.
const gc = (globalThis as { gc?: () => void }).gc;
/** How often the soak polls the client's state while it waits. */
const POLL_MS = 20;
if (!gc) {
  const child = spawn(process.execPath, ['--expose-gc', '--enable-source-maps', ...process.argv.slice(1)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('close', (code) => process.exit(code ?? 1));
} else {
  await soak(gc);
}

async function soak(collect: () => void): Promise<void> {
  const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const keystrokes = Math.min(Math.max(arg('keys', 20_000), 1000), 100_000);
  const deadline = performance.now() + Math.min(Math.max(arg('minutes', 6), 1), 20) * 60_000;
  const timers = trackTimers();
  const fixtures = 'test/fixtures/completions/typist';
  const languages: Record<string, string> = { ts: 'typescript', py: 'python', go: 'go' };
  const files: TypedFile[] = readdirSync(fixtures)
    .sort()
    .map((name) => ({ path: name, text: readFileSync(join(fixtures, name), 'utf8'), languageId: languages[name.split('.').pop()!] ?? 'plaintext' }));

  const endpoint = await startSoakEndpoint(files.map((f) => join(fixtures, f.path)), { firstTokenMs: 5, tokensPerS: 2000 });
  const warnings: string[] = [];
  const log: Logger = { trace() {}, debug() {}, info() {}, warn: (m) => void warnings.push(String(m)), error: (m) => void warnings.push(String(m)) };
  const client = createModelClient({
    role: 'fast',
    url: endpoint.url,
    model: 'gpt-5.3-codex-spark',
    httpApi: 'responses',
    allowInsecure: false,
    firstTokenTimeoutMs: 3000,
    stallTimeoutMs: 1000,
    log,
    ws: { drainTimeoutMs: 2000, pingIntervalMs: 500, spareIdleMs: 1000, reconnectBaseMs: 50, reconnectMaxMs: 500 },
  });
  // The status bar listens to the connection state for the whole session.
  const offStatus = client.onStateChange(() => undefined);
  // What the latency report and the log see: the figures below are read from them.
  const metrics = createMetricsStore();
  const requestLog = new CompletionRequestLog(log);
  const engine = new CompletionEngine({
    client: () => client,
    settings: () => ({ api: 'responses', fimTemplate: 'qwen', maxLines: 30, tokenBudget: 4096, debounceMs: null }),
    clock: systemClock(() => performance.now()),
    metrics,
    log: requestLog,
  });

  try {
    await until('warming the connection', () => client.state.status === 'warm', 10_000, POLL_MS);
    // Warm the code paths and caches first, then take the idle baseline.
    await typeKeystrokes({ engine, files, keystrokes: 500, deadline });
    await idle(client);
    const idleStats = client.stats();
    const timersIdle = await fewestTimers(timers.active);
    const heapBefore = await heapUsed(collect);

    // Faults that the pool recovers from quickly, injected while typing.
    const typingFaults = [
      { dropAfterEvents: { after: 6, times: 1 } },
      { rateLimit: { retryAfterSeconds: 0.2, times: 1 } },
      { stall: { afterTokens: 3, ms: 0, times: 1 } },
      { enormousOutput: { tokens: 20_000, times: 1 } },
    ];
    let injected = 0;
    const t0 = performance.now();
    const typed = await typeKeystrokes({
      engine,
      files,
      keystrokes,
      deadline,
      every: { keys: 2500, run: () => endpoint.setFaults(typingFaults[injected++ % typingFaults.length]) },
    });
    const typingSeconds = (performance.now() - t0) / 1000;
    const settled = await idle(client);
    await until('timers back to idle', () => timers.active() <= timersIdle, 15_000, POLL_MS).catch(() => undefined);
    const after = client.stats();
    const heapAfter = await heapUsed(collect);
    const timersAfterTyping = timers.active();

    const matrix = await runFaultMatrix();
    await idle(client);
    // Closing sockets and abandoned responses clear their timers within a few seconds.
    await until('timers back to idle', () => timers.active() <= timersIdle, 15_000, POLL_MS).catch(() => undefined);
    const timersAfter = timers.active();

    const outcomes = metrics.snapshot().outcomes.completion;
    const result = {
      keystrokes: typed.keystrokes,
      typing_seconds: round(typingSeconds),
      requests: requestLog.count(),
      speculative_requests: requestLog.count('speculative'),
      // Requests whose text never reached the user (cancelled, or finished unused).
      abandoned: outcomes.abandoned,
      failed_requests: outcomes.failed,
      cache_hits: outcomes.cache,
      typing_through_hits: outcomes['typing-through'],
      suggestions_shown: typed.suggestionsShown,
      suggestions_accepted: typed.accepted,
      faults_injected_while_typing: injected,
      settled_after_typing: settled,
      open_requests_after: after.openRequests - idleStats.openRequests,
      open_lanes_after: after.busyLanes - idleStats.busyLanes,
      sockets_after: after.sockets - idleStats.sockets,
      listeners_after: after.listeners - idleStats.listeners,
      timers_after: timersAfter - timersIdle,
      timers_after_typing: timersAfterTyping - timersIdle,
      idle_counts: { ...idleStats, timers: timersIdle },
      heap_before_mb: round(heapBefore / 2 ** 20),
      heap_after_mb: round(heapAfter / 2 ** 20),
      heap_growth_mb: round((heapAfter - heapBefore) / 2 ** 20),
      ...matrix,
      transport_warnings: warnings.length,
      at: new Date().toISOString(),
    };
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/soak.json', `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
  } finally {
    offStatus();
    engine.dispose();
    client.dispose();
    endpoint.close();
    timers.restore();
  }
  process.exit(0);
}

/** The idle timer count: the fewest seen over a second (a closing socket's timer may still be running). */
async function fewestTimers(active: () => number): Promise<number> {
  let fewest = active();
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 50));
    fewest = Math.min(fewest, active());
  }
  return fewest;
}

/** Waits until nothing is in flight and the pool is back to one warm socket; false if it never got there. */
async function idle(client: ModelClient, timeoutMs = 20_000): Promise<boolean> {
  try {
    await until('one warm idle socket', () => {
      const s = client.stats();
      return s.openRequests === 0 && s.busyLanes === 0 && s.sockets === 1 && client.state.status === 'warm';
    }, timeoutMs, POLL_MS);
    return true;
  } catch {
    return false;
  }
}

async function heapUsed(collect: () => void): Promise<number> {
  for (let i = 0; i < 3; i++) {
    collect();
    await new Promise((r) => setImmediate(r));
  }
  return process.memoryUsage().heapUsed;
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
