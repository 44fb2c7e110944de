// Samples the workbench page's main thread (Chrome DevTools Protocol) while something runs, and
// says where its time went: busy milliseconds and the functions with the most inclusive time.
// The workbench is minified, so functions are named as shipped, with their line and column.

/** Starts sampling `page`; `stop()` resolves to { busyMs, totalMs, top: [[name, ms]] }. */
export async function profileRenderer(page, { intervalUs = 200, topN = 40 } = {}) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await cdp.send('Profiler.start');
  return {
    async stop() {
      const { profile } = await cdp.send('Profiler.stop');
      await cdp.detach();
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const parent = new Map();
      for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
      const inclusive = new Map();
      let totalMs = 0;
      let idleMs = 0;
      for (let i = 0; i < profile.samples.length; i++) {
        const ms = (profile.timeDeltas[i] ?? 0) / 1000;
        totalMs += ms;
        if (byId.get(profile.samples[i]).callFrame.functionName === '(idle)') idleMs += ms;
        // Each function once per sample, however deep it recursed.
        const seen = new Set();
        for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
          const f = byId.get(id).callFrame;
          const name = `${f.functionName || '(anonymous)'}@${f.lineNumber}:${f.columnNumber}`;
          if (f.functionName.startsWith('(') || seen.has(name)) continue;
          seen.add(name);
          inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
        }
      }
      const top = [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, topN);
      return { busyMs: totalMs - idleMs, totalMs, top };
    },
  };
}
