// Latency the user can see: after a few ghost-text suggestions the status bar shows the last
// request's first-token time, and the latency report draws non-empty histograms and counts the
// tokens (the local endpoint reports usage as OpenAI does). Each test makes its own
// suggestions, so any one of them runs alone.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { webviewFrame } from '../../../support/e2e/webviewFrame.mjs';

// Scripted replies keyed on the text before the cursor marker of a ghost-text prompt; one line
// each, so the ghost text is a single visible decoration.
const FIXTURE = resolve(import.meta.dirname, '..', '..', 'fixtures', 'completions', 'e2eLatency.json');

export const openFile = 'src/scratch.js';
export const endpoint = { engine: 'scripted', args: ['--script', FIXTURE] };
export const settings = {
  'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
  'flint.cost.inputPerMillion': 1.75,
  'flint.cost.outputPerMillion': 14,
};

// Each typed line with a space-free piece of its expected ghost text (the editor may render
// spaces in ghost text as non-breaking ones).
const LINES = [
  ['const sum = ', 'b;'],
  ['console.', "log('hello');"],
  ['let total = ', 'items.length'],
];

/** Types the lines of LINES at the end of scratch.js, each until its ghost text shows. */
async function makeSuggestions(wb) {
  const flint = await wb.statusBarItem('Flint', { timeoutMs: 30_000 });
  await flint.locator('.codicon-zap').waitFor({ timeout: 30_000 });
  // Its tab, not Quick Open: a focused webview (the report) can swallow the Quick Open key.
  await wb.page.locator('.tabs-container .tab', { hasText: 'scratch.js' }).first().click();
  await wb.page.locator('.editor-instance .monaco-editor.focused .view-lines').waitFor({ timeout: 20_000 });
  await wb.gotoEnd();
  for (const [line, ghost] of LINES) {
    await wb.press('Enter');
    await wb.type(line, { delayMs: 40 });
    await wb.waitForGhostText({ contains: ghost, timeoutMs: 20_000 });
    await wb.press('Escape');
  }
}

/** The latency report's frame, as shown. */
const reportFrame = (page, timeoutMs = 20_000) => webviewFrame(page, 'main#report', { timeoutMs, what: 'the latency report webview' });

export const tests = [
  {
    name: 'after a few completions the status bar shows a first-token time',
    timeoutMs: 90_000,
    async run({ wb }) {
      await makeSuggestions(wb);
      const item = await wb.statusBarItem(/\d+(\.\d)? ms/, { timeoutMs: 20_000 });
      const text = await item.innerText();
      const ms = Number(/(\d+(?:\.\d)?) ms/.exec(text)[1]);
      assert.ok(ms >= 0 && ms < 15_000, `first-token time out of range: ${text}`);
    },
  },
  {
    name: 'the latency report opens with non-empty histograms',
    timeoutMs: 90_000,
    async run({ wb, page }) {
      await makeSuggestions(wb);
      await wb.runCommand('Flint: Show Latency Report');
      const frame = await reportFrame(page);
      const keystroke = frame.locator('article.chart[data-series="keystroke"]');
      await keystroke.waitFor({ timeout: 20_000 });
      const heights = await keystroke.locator('svg rect.bar').evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('height'))));
      assert.ok(heights.some((h) => h > 0), `keystroke histogram has no filled bar: ${JSON.stringify(heights)}`);
      const firstToken = frame.locator('article.chart[data-series="firstToken.completion.fast"] svg rect.bar');
      assert.ok((await firstToken.count()) > 0, 'no first-token histogram for ghost text');
      assert.match(await keystroke.locator('.stat.p50').innerText(), /^p50 \d+(\.\d)? (ms|s)$/);
      // Which model answered, and where it runs (the local endpoint).
      const models = frame.locator('table.models');
      await models.waitFor({ timeout: 20_000 });
      assert.match(await models.innerText(), /gpt-5\.3-codex-spark\s+local\s+\d+/);
      await wb.screenshot('latency');
    },
  },
  {
    name: "after a typing run the report shows tokens per hour, the wasted share and the estimated cost; the status bar tooltip today's total",
    timeoutMs: 90_000,
    async run({ wb, page }) {
      await makeSuggestions(wb);
      await wb.runCommand('Flint: Show Latency Report');
      const frame = await reportFrame(page);
      const tiles = frame.locator('.tiles.tokens');
      await tiles.waitFor({ timeout: 20_000 });
      // A tile by its own label: another tile's note may name it too (the cost's "wasted").
      const value = async (label) =>
        (await tiles.locator('.tile').filter({ has: frame.locator('.tile-label', { hasText: new RegExp(`^${label}$`) }) }).locator('.tile-value').innerText()).trim();
      const total = Number((await value('tokens this session')).replace(/,/g, ''));
      assert.ok(total > 0, `tokens this session: ${total}`);
      // Each shown suggestion was dismissed: the request made ahead for its acceptance was wasted.
      const wasted = await value('wasted');
      assert.match(wasted, /^\d+%$/);
      assert.ok(Number(wasted.slice(0, -1)) > 0, `wasted share: ${wasted}`);
      const speculative = frame.locator('.token-waste tr[data-reason="speculative"] td').first();
      assert.ok(Number((await speculative.innerText()).replace(/,/g, '')) > 0, 'speculative requests never shown are counted');
      assert.match(await value('estimated cost'), /^\d+(\.\d+)?(e-\d+)?$/);
      const hourRows = frame.locator('.token-hours tr');
      assert.ok((await hourRows.count()) >= 2, 'an hour row under the header');
      assert.match(await hourRows.nth(1).innerText(), /\d+ · \d+/);
      // The tiles may sit below the fold of the report: a clip must be inside the page's view.
      await tiles.scrollIntoViewIfNeeded();
      await wb.screenshot('latency-tokens', { clip: await tiles.boundingBox() ?? undefined });

      // The status bar item's tooltip: today's total and its cost.
      await wb.page.locator('.tabs-container .tab', { hasText: 'scratch.js' }).first().click();
      const item = await wb.statusBarItem('Flint');
      await item.hover();
      const hover = page.locator('.workbench-hover, .monaco-hover', { hasText: 'Tokens today' }).first();
      await hover.waitFor({ timeout: 10_000 });
      assert.match(await hover.innerText(), /Tokens today: [\d,]+ in.* · [\d,]+ out \(\d+ requests?\) · ≈ [\d.e-]+ estimated cost/);
    },
  },
  {
    name: 'Export JSON saves the session figures and samples where the user chose',
    timeoutMs: 90_000,
    async run({ wb, page, workspace }) {
      await makeSuggestions(wb);
      await wb.runCommand('Flint: Show Latency Report');
      const frame = await reportFrame(page);
      await frame.locator('#export').click();
      // The save dialog proposes flint-latency-<time>.json in the workspace folder: accept it.
      const input = page.locator('.quick-input-widget input');
      await input.waitFor({ timeout: 10_000 });
      // The dialog fills its path in steps; wait until it holds the proposed name.
      await page.waitForFunction(() => /flint-latency-[\dT-]+\.json$/.test(document.querySelector('.quick-input-widget input')?.value ?? ''), null, { timeout: 10_000 });
      await page.keyboard.press('Enter');
      const deadline = Date.now() + 10_000;
      let file;
      while (!file && Date.now() < deadline) {
        file = readdirSync(workspace).find((f) => /^flint-latency-.*\.json$/.test(f));
        if (!file) await new Promise((r) => setTimeout(r, 100));
      }
      assert.ok(file, 'no exported file in the workspace folder');
      const exported = JSON.parse(readFileSync(join(workspace, file), 'utf8'));
      assert.ok(exported.samples.length >= 3, `samples exported: ${exported.samples.length}`);
      assert.ok(exported.snapshot.keystrokeToGhostText.n >= 1);
      assert.ok(!JSON.stringify(exported).includes('<|cursor|>'), 'no prompt text in the export');
    },
  },
];
