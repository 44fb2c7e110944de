// Where the machine's time goes while a bench window runs, outside the page: a CPU profile of an
// extension host (a Node process, its inspector opened with SIGUSR1 and driven over the Chrome
// DevTools Protocol), and the CPU time of every process in the window's tree by kind.
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMapConsumer } from 'source-map-js';
import WebSocket from 'ws';
import { summarizeProfile } from './rendererProfile.mjs';
import { until } from '../support/until.mjs';
import { processTable } from '../support/e2e/processTree.mjs';

/** The extension hosts under `serverPid`, oldest first. */
export function extensionHosts(serverPid) {
  const table = processTable();
  const tree = new Set([serverPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of table) if (!tree.has(p.pid) && tree.has(p.ppid)) { tree.add(p.pid); grew = true; }
  }
  return table.filter((p) => tree.has(p.pid) && /extensionHost/.test(p.cmdline)).sort((a, b) => a.start - b.start);
}

/**
 * Samples the CPU time of every process every `everyMs` while a window runs; `stop()` resolves to
 * [kind, ms] by `kindOf(process)` (null: not counted), processes that lived between two samples
 * counted in their parent's reaped-children time.
 */
export function cpuByKind(kindOf, everyMs = 100) {
  const first = new Map();
  const last = new Map();
  const take = () => {
    for (const p of processTable()) {
      const kind = kindOf(p);
      if (!kind) continue;
      if (!first.has(p.pid)) first.set(p.pid, { ...p, new: started });
      last.set(p.pid, { ...p, kind });
    }
  };
  let started = false;
  take();
  started = true;
  const timer = setInterval(take, everyMs);
  // A bench that fails mid-window must still exit.
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      take();
      const totals = new Map();
      for (const [pid, end] of last) {
        const begin = first.get(pid);
        // A process born during the window counts from zero.
        const own = end.cpuMs - (begin.new ? 0 : begin.cpuMs);
        totals.set(end.kind, (totals.get(end.kind) ?? 0) + own);
        const reaped = end.childrenMs - (begin.new ? 0 : begin.childrenMs);
        if (reaped > 0) totals.set(`${end.kind}: reaped children`, (totals.get(`${end.kind}: reaped children`) ?? 0) + reaped);
      }
      return [...totals].map(([k, ms]) => [k, Math.round(ms)]).sort((a, b) => b[1] - a[1]);
    },
  };
}

const opened = new Set();

/** Opens `pid`'s inspector (SIGUSR1, port 9229) and starts sampling it; `stop()` resolves to the summary of rendererProfile.mjs. */
export async function profileNodeProcess(pid, { intervalUs = 250, topN = 40, nameOf } = {}) {
  const capMs = (4 * intervalUs) / 1000;
  if (!opened.has(pid)) {
    // Another inspector on the port would be profiled in its place.
    if (await fetch('http://127.0.0.1:9229/json/list').then(() => true, () => false)) throw new Error('port 9229 is taken: another inspector is open');
    process.kill(pid, 'SIGUSR1');
    // It stays open until the process ends.
    opened.add(pid);
  }
  let target;
  await until('the inspector answers', async () => {
    try {
      const list = await (await fetch('http://127.0.0.1:9229/json/list')).json();
      target = list[0];
      return Boolean(target);
    } catch {
      return false;
    }
  }, 10_000);
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
  let id = 0;
  const pending = new Map();
  ws.on('message', (data) => {
    const msg = JSON.parse(String(data));
    if (msg.id && pending.has(msg.id)) { pending.get(msg.id)(msg); pending.delete(msg.id); }
  });
  const send = (method, params = {}) => new Promise((resolve, reject) => {
    const n = ++id;
    pending.set(n, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result)));
    ws.send(JSON.stringify({ id: n, method, params }));
  });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: intervalUs });
  await send('Profiler.start');
  return {
    async stop() {
      const { profile } = await send('Profiler.stop');
      ws.close();
      return { profile, ...summarizeProfile(profile, { topN, nameOf, capMs }) };
    },
  };
}

/** Names a Node call frame by its source ("textFrames.ts:23 flush") where the script has a linked source map beside it. */
export function fileSourceNames() {
  const maps = new Map();
  const consumer = (url) => {
    if (!url.startsWith('file://')) return null;
    const path = fileURLToPath(url);
    if (!maps.has(path)) maps.set(path, existsSync(`${path}.map`) ? new SourceMapConsumer(JSON.parse(readFileSync(`${path}.map`, 'utf8'))) : null);
    return maps.get(path);
  };
  return (f) => {
    const fallback = `${f.functionName || '(anonymous)'}@${basename(f.url)}:${f.lineNumber}`;
    const map = consumer(f.url);
    if (!map) return fallback;
    const at = map.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
    if (!at.source) return fallback;
    const where = at.source.includes('node_modules/') ? at.source.split('node_modules/').pop().split('/').slice(0, 2).join('/') + '/' + basename(at.source) : basename(at.source);
    return `${where}:${at.line} ${f.functionName || at.name || ''}`;
  };
}

/**
 * Milliseconds per second of a Node CPU profile by slice: each sample charged to the nearest
 * frame of the extension bundle under `bundle` ("flint: <src folder>", "flint deps: <package>"),
 * else "editor" (the host's own code and Node's), "gc", "program" or "idle". A sample counts for
 * at most `capMs` (see summarizeProfile).
 */
export function slicesPerSecond(profile, { bundle = '/dist/extension.js', capMs = 1 } = {}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const maps = new Map();
  const sliceOfFrame = (f) => {
    if (!f.url.includes(bundle)) return null;
    const path = fileURLToPath(f.url);
    if (!maps.has(path)) maps.set(path, existsSync(`${path}.map`) ? new SourceMapConsumer(JSON.parse(readFileSync(`${path}.map`, 'utf8'))) : null);
    const source = maps.get(path)?.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber }).source;
    if (!source) return 'flint: (unmapped)';
    if (source.includes('node_modules/')) return `flint deps: ${source.split('node_modules/').pop().split('/')[0]}`;
    const parts = source.split('/src/').pop().split('/');
    return `flint: ${parts.length > 1 ? parts[0] : parts[0].replace(/\.ts$/, '')}`;
  };
  const memo = new Map();
  const sliceOf = (id) => {
    if (memo.has(id)) return memo.get(id);
    const f = byId.get(id).callFrame;
    const special = { '(idle)': 'idle', '(garbage collector)': 'gc', '(program)': 'program', '(root)': 'editor' }[f.functionName];
    const up = parent.get(id);
    const slice = special ?? sliceOfFrame(f) ?? (up === undefined ? 'editor' : sliceOf(up));
    memo.set(id, slice);
    return slice;
  };
  const totals = new Map();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = Math.min(capMs, (profile.timeDeltas[i] ?? 0) / 1000);
    total += ms;
    const s = sliceOf(profile.samples[i]);
    totals.set(s, (totals.get(s) ?? 0) + ms);
  }
  return Object.fromEntries([...totals].map(([s, ms]) => [s, Math.round((ms / total) * 10_000) / 10]).sort((a, b) => b[1] - a[1]));
}
