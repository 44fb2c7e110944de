// Latency the user can see: after a few ghost-text suggestions the status bar shows the last
// request's first-token time, and the latency report draws non-empty histograms.
import assert from 'node:assert/strict';

export const openFile = 'src/scratch.js';

// Fill-in-the-middle over HTTP: the local endpoint's scripted replies key on the prefix.
export const settings = (endpoint) => ({ 'flint.completions.api': 'completions', 'flint.completions.url': endpoint.httpUrl });

// Prefixes the scripted endpoint completes (test/fixtures/scripted/default.json).
const LINES = ['function add(a, b) {', 'console.', 'for (let i = 0; '];

/** The latency report's frame (webviews are nested iframes; find the one holding the report). */
async function reportFrame(page, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      if (await frame.$('main#report').catch(() => null)) return frame;
    }
    await page.waitForTimeout(100);
  }
  throw new Error('the latency report webview did not appear');
}

export const tests = [
  {
    name: 'after a few completions the status bar shows a first-token time',
    timeoutMs: 90_000,
    async run({ wb }) {
      await wb.gotoEnd();
      for (const line of LINES) {
        await wb.press('Enter');
        await wb.type(line);
        await wb.waitForGhostText({ timeoutMs: 20_000 });
        await wb.press('Escape');
      }
      const item = await wb.statusBarItem(/\d+(\.\d)? ms/, { timeoutMs: 20_000 });
      const text = await item.innerText();
      const ms = Number(/(\d+(?:\.\d)?) ms/.exec(text)[1]);
      assert.ok(ms >= 0 && ms < 15_000, `first-token time out of range: ${text}`);
    },
  },
  {
    name: 'the latency report opens with non-empty histograms',
    timeoutMs: 60_000,
    async run({ wb, page }) {
      await wb.runCommand('Flint: Show Latency Report');
      const frame = await reportFrame(page);
      const keystroke = frame.locator('article.chart[data-series="keystroke"]');
      await keystroke.waitFor({ timeout: 20_000 });
      const heights = await keystroke.locator('svg rect.bar').evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('height'))));
      assert.ok(heights.some((h) => h > 0), `keystroke histogram has no filled bar: ${JSON.stringify(heights)}`);
      const firstToken = frame.locator('article.chart[data-series="firstToken.completion.fast"] svg rect.bar');
      assert.ok((await firstToken.count()) > 0, 'no first-token histogram for ghost text');
      const p50 = await keystroke.locator('.stat.p50').innerText();
      assert.match(p50, /^p50 \d+(\.\d)? (ms|s)$/);
      await wb.screenshot('latency');
    },
  },
];
