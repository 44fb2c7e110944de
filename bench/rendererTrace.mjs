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
      const byKind = KINDS.flatMap((kind) => tally(outermost(mine.filter((e) => e.name === kind)), () => kind));
      // Which events were dispatched, by type (input, scroll, message…).
      const dispatched = tally(mine.filter((e) => e.name === 'EventDispatch'), (e) => `EventDispatch:${e.args?.data?.type ?? '?'}`);
      byKind.push(...dispatched.filter(([, ms]) => ms >= 10));
      byKind.sort((a, b) => b[1] - a[1]);
      // Script entry points, by function (named from the source maps when `nameOf` is given).
      const byCall = tally(outermost(mine.filter((e) => e.name === 'FunctionCall')), (e) => {
        const d = e.args?.data ?? {};
        const f = { functionName: d.functionName ?? '', url: d.url ?? '', lineNumber: (d.lineNumber ?? 1) - 1, columnNumber: (d.columnNumber ?? 1) - 1 };
        return nameOf ? nameOf(f) : `${f.functionName}@${f.url.split('/').pop()}:${f.lineNumber}`;
      }).slice(0, 12);
      return { runTaskMs, spanMs, byKind, byCall };
    },
  };
}

/** The events not nested in an earlier one of the list, in time order. */
function outermost(events) {
  const out = [];
  let end = -Infinity;
  for (const e of [...events].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    if (e.ts < end) continue;
    out.push(e);
    end = e.ts + (e.dur ?? 0);
  }
  return out;
}

/** [name, ms, count] per name that `nameOf` gives an event, most time first. */
function tally(events, nameOf) {
  const totals = new Map();
  for (const e of events) {
    const name = nameOf(e);
    const [ms, n] = totals.get(name) ?? [0, 0];
    totals.set(name, [ms + (e.dur ?? 0) / 1000, n + 1]);
  }
  return [...totals].map(([name, [ms, n]]) => [name, ms, n]).sort((a, b) => b[1] - a[1]);
}
