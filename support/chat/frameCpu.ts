import type { Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/**
 * Runs `body` under Chromium's tracing and returns, per animation frame, the CPU time the
 * page's main thread spent in tasks started in that frame. Thread time, not wall time: on a
 * machine shared with other work, time the OS gives to other processes is not the page's.
 */
export async function cpuPerFrame<T>(page: Page, body: () => Promise<T>): Promise<{ result: T; cpu: number[] }> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
  const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  const result = await body();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const fired = events.filter((e) => e.name === 'FireAnimationFrame');
  const main = fired[0];
  if (!main) return { result, cpu: [] };
  const onMain = (e: TraceEvent) => e.pid === main.pid && e.tid === main.tid;
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e) && e.tdur !== undefined).sort((a, b) => a.ts - b.ts);
  // Several animation callbacks run in one frame's task: keep the first of each task.
  const starts: number[] = [];
  let frameTaskEnd = -Infinity;
  let k = 0;
  for (const ts of fired.filter(onMain).map((e) => e.ts).sort((a, b) => a - b)) {
    if (ts < frameTaskEnd) continue;
    while (k < tasks.length && tasks[k]!.ts + (tasks[k]!.dur ?? 0) <= ts) k++;
    frameTaskEnd = k < tasks.length && tasks[k]!.ts <= ts ? tasks[k]!.ts + (tasks[k]!.dur ?? 0) : ts;
    starts.push(ts);
  }
  const cpu = new Array<number>(Math.max(0, starts.length - 1)).fill(0);
  let f = 0;
  let coveredUntil = -Infinity;
  for (const t of tasks) {
    if (t.ts < coveredUntil) continue; // nested in a task already counted
    coveredUntil = t.ts + (t.dur ?? 0);
    while (f < starts.length - 1 && t.ts >= starts[f + 1]!) f++;
    if (f < cpu.length && t.ts >= starts[0]!) cpu[f]! += t.tdur! / 1000;
  }
  return { result, cpu };
}
