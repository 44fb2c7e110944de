// Samples the workbench page's main thread (Chrome DevTools Protocol) while something runs, and
// says where its time went: busy milliseconds and the functions with the most inclusive time.
// The workbench is minified; given the local copy of the scripts it serves (`scriptRoot`), each
// function is named by its source file, line and original name from the shipped source map.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

/**
 * Starts sampling `page`; `stop()` resolves to { busyMs, totalMs, top: [[name, ms]] (inclusive), topSelf (self time; "(program)" is the browser's own work: style, layout, paint) },
 * and the raw `profile` with `keepProfile`. `capMs`: see summarizeProfile.
 */
export async function profileRenderer(page, { intervalUs = 200, topN = 40, scriptRoot, capMs, keepProfile = false } = {}) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const { profile } = await cdp.send('Profiler.stop');
      await cdp.detach();
      const summary = summarizeProfile(profile, { topN, capMs, nameOf: sourceNames(scriptRoot) });
      return keepProfile ? { ...summary, profile } : summary;
    },
  };
}

/**
 * Busy and total milliseconds of a V8 CPU profile and its functions with the most inclusive and self time.
 * `capMs`: the most one sample counts for; a process the machine descheduled shows one long gap
 * between two samples, charged to whatever ran before it.
 */
export function summarizeProfile(profile, { topN = 40, capMs = Infinity, nameOf = (f) => `${f.functionName || '(anonymous)'}@${f.url.split('/').pop()}:${f.lineNumber}` } = {}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map();
  const self = new Map();
  let totalMs = 0;
  let idleMs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = Math.min(capMs, (profile.timeDeltas[i] ?? 0) / 1000);
    totalMs += ms;
    const leaf = byId.get(profile.samples[i]).callFrame;
    if (leaf.functionName === '(idle)') idleMs += ms;
    const leafName = leaf.functionName.startsWith('(') ? leaf.functionName : nameOf(leaf);
    self.set(leafName, (self.get(leafName) ?? 0) + ms);
    // Each function once per sample, however deep it recursed.
    const seen = new Set();
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id).callFrame;
      if (f.functionName.startsWith('(')) continue;
      const name = nameOf(f);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  }
  const top = [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, topN);
  const topSelf = [...self].filter(([name]) => name !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, topN);
  return { busyMs: totalMs - idleMs, totalMs, top, topSelf };
}

/**
 * Names a call frame: "viewLines.ts:512 renderText" when the script's source map is found under
 * `scriptRoot` (the path after "/static/" in its URL), else its minified name and position.
 */
export function sourceNames(scriptRoot) {
  const maps = new Map();
  const consumer = (url) => {
    if (!scriptRoot) return null;
    const path = url.split('/static/')[1]?.split('?')[0];
    if (!path) return null;
    if (!maps.has(path)) {
      const file = join(scriptRoot, `${path}.map`);
      maps.set(path, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
    }
    return maps.get(path);
  };
  return (f) => {
    const fallback = `${f.functionName || '(anonymous)'}@${f.lineNumber}:${f.columnNumber}`;
    const map = consumer(f.url);
    if (!map) return fallback;
    const at = map.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
    if (!at.source) return fallback;
    return `${basename(at.source)}:${at.line} ${at.name ?? f.functionName ?? ''}`;
  };
}
