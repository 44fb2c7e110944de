// Flint in a real VS Code: it activates by itself and its status bar item reports the warm
// WebSocket to the local endpoint the user settings point at; typing with ghost text leaves the
// item alone until the requests pause (each update is a message on the keystroke's way).
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { until } from '../../../support/until.mjs';

export const openFile = 'src/scratch.js';

/** Every cursor gets a suggestion, so every keystroke of the typing below is answered. */
export const endpoint = { engine: 'scripted', args: ['--script', resolve(import.meta.dirname, '..', '..', 'fixtures', 'status', 'e2eStatusBar.json')] };

/** A request per keystroke: the case where updating the item per request would cost the most. */
export const settings = {
  'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
  'editor.suggestOnTriggerCharacters': false,
  'editor.inlineSuggest.enabled': true,
  'flint.completions.debounceMs': 0,
};

/** Installs a recorder of the Flint item's text changes in the page (the status bar re-sets its classes on its own). */
function recordItemText() {
  const item = [...document.querySelectorAll('.part.statusbar .statusbar-item')].find((e) => e.textContent.includes('Flint'));
  window.__flintItemTexts = [];
  new MutationObserver(() => window.__flintItemTexts.push(item.textContent)).observe(item, { subtree: true, childList: true, characterData: true });
}

export const tests = [
  {
    // First in this file: the window has made no request yet, so the item shows no figures.
    name: 'typing with ghost text leaves the item as it is; the last request shows once typing pauses',
    timeoutMs: 120_000,
    async run({ wb, page }) {
      const item = await wb.statusBarItem('Flint', { timeoutMs: 30_000 });
      await item.locator('.codicon-zap').waitFor({ timeout: 20_000 });
      const before = (await item.innerText()).trim();
      assert.doesNotMatch(before, /\bms\b/, `no request yet, so no figures: "${before}"`);
      await wb.waitForEditor({ name: 'scratch.js' });
      await wb.gotoEnd();
      await wb.type('\nconst first');
      await wb.waitForGhostText({ timeoutMs: 20_000 });
      await page.evaluate(recordItemText);
      // A keystroke every 150 ms: each one's request is answered before the next key, well
      // inside the item's pause.
      await wb.type('Valuex;\nconst second', { delayMs: 150 });
      // Updated per request, the item changes several times here; one change is allowed for an
      // extension host that stalls past the pause mid-typing on a loaded machine.
      const during = await page.evaluate(() => window.__flintItemTexts);
      assert.ok(during.length <= 1, `the item changed ${during.length} times while typing: ${JSON.stringify(during)}`);
      const after = await until('the last request in the item after the pause', async () => {
        const text = (await item.innerText()).trim();
        return /\bms\b/.test(text) ? text : undefined;
      }, 10_000);
      assert.match(after, /Flint .*\d.* ms/, `the item shows the last request's first-token time: "${after}"`);
    },
  },
  {
    name: 'activates and shows a warm connection to the local endpoint in the status bar',
    async run({ wb, page, endpoint }) {
      const item = await wb.statusBarItem('Flint', { timeoutMs: 30_000 });
      // Warm is the zap icon; connecting and offline show other icons.
      await item.locator('.codicon-zap').waitFor({ timeout: 20_000 });
      await item.hover();
      const hover = page.locator('.monaco-hover, .workbench-hover', { hasText: 'warm connection' }).first();
      await hover.waitFor({ timeout: 10_000 });
      const tooltip = await hover.innerText();
      const { host } = new URL(endpoint.origin);
      assert.match(tooltip, /WebSocket/, `tooltip names the transport: ${tooltip}`);
      assert.ok(tooltip.includes(host), `tooltip names the endpoint ${host}: ${tooltip}`);
      const viewport = page.viewportSize();
      await wb.screenshot('status-bar', { clip: { x: viewport.width - 640, y: viewport.height - 200, width: 640, height: 200 } });
    },
  },
];
