// Records a Chromium trace of the page while something runs, and says how the renderer's main
// thread spent its time: scripts, style, layout, paint and the rest, by the timeline's own
// event names. Where a CPU profile says only "(program)", this names the browser's work.

/** The timeline events that are the main thread's work, outermost first. */
const KINDS = ['FunctionCall', 'EvaluateScript', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'HitTest', 'ParseHTML', 'GCEvent', 'MajorGC', 'MinorGC', 'V8.GC_SCAVENGER', 'ScrollLayer'];

/**
 * Starts tracing `page`; `stop()` resolves to its main thread's { runTaskMs, spanMs, byKind, byCall },
 * lists of [name, ms, count]: time by kind of work, and by script entry point (named by `nameOf`,
 * given a call frame, else by function and file).
 */
export async function traceRenderer(browser, page, { nameOf } = {}) {
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'] });
  return {
    async stop() {
      const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8'));
      const main = traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && traceEvents.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'FunctionCall'));
      if (!main) return { runTaskMs: 0, spanMs: 0, byKind: [], byCall: [] };
      const mine = traceEvents.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
      const times = mine.map((e) => e.ts);
      const spanMs = times.length ? (Math.max(...times) - Math.min(...times)) / 1000 : 0;
      const runTaskMs = mine.filter((e) => e.name === 'RunTask').reduce((n, e) => n + (e.dur ?? 0), 0) / 1000;
      // Each kind's outermost events only (a Layout forced inside a FunctionCall counts for both).
      const byKind = [];
      for (const kind of KINDS) {
        const events = mine.filter((e) => e.name === kind).sort((a, b) => a.ts - b.ts);
        let ms = 0;
        let end = -Infinity;
        for (const e of events) {
          if (e.ts < end) continue;
          ms += (e.dur ?? 0) / 1000;
          end = e.ts + (e.dur ?? 0);
        }
        if (events.length) byKind.push([kind, ms, events.length]);
      }
      // Which events were dispatched, by type (input, scroll, message…).
      const events = new Map();
      for (const e of mine) {
        if (e.name !== 'EventDispatch') continue;
        const type = `EventDispatch:${e.args?.data?.type ?? '?'}`;
        const [ms, n] = events.get(type) ?? [0, 0];
        events.set(type, [ms + (e.dur ?? 0) / 1000, n + 1]);
      }
      for (const [type, [ms, n]] of events) if (ms >= 10) byKind.push([type, ms, n]);
      byKind.sort((a, b) => b[1] - a[1]);
      // Script entry points, by function (named from the source maps when `nameOf` is given).
      const sorted = [...mine].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
      const calls = new Map();
      let end = -Infinity;
      for (const e of sorted) {
        if (e.name !== 'FunctionCall' || e.ts < end) continue;
        end = e.ts + (e.dur ?? 0);
        const d = e.args?.data ?? {};
        const f = { functionName: d.functionName ?? '', url: d.url ?? '', lineNumber: (d.lineNumber ?? 1) - 1, columnNumber: (d.columnNumber ?? 1) - 1 };
        const name = nameOf ? nameOf(f) : `${f.functionName}@${f.url.split('/').pop()}:${f.lineNumber}`;
        const [ms, n] = calls.get(name) ?? [0, 0];
        calls.set(name, [ms + (e.dur ?? 0) / 1000, n + 1]);
      }
      const byCall = [...calls].map(([what, [ms, n]]) => [what, ms, n]).sort((a, b) => b[1] - a[1]).slice(0, 12);
      return { runTaskMs, spanMs, byKind, byCall };
    },
  };
}
