// Ghost text where the cursor arrives, before the first key: going to the end of a line asks
// once the cursor settles and the suggestion shows with no key pressed; the first key that
// agrees types through it without a request; a place inside a line asks nothing, and neither
// does an arrival with `flint.completions.prefetch` off. Requests are counted on the wire by a
// WebSocket relay between Flint and the endpoint.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { goToLine } from '../../../support/e2e/editActions.mjs';
import { startCountingRelay } from '../../../support/e2e/countingRelay.mjs';
import { NOTHING_SENT_WINDOW_MS } from '../../../support/e2e/nothingSentWindow.mjs';
import { sleep, until } from '../../../support/until.mjs';

const FIXTURE = resolve(import.meta.dirname, '..', '..', 'fixtures', 'completions', 'e2eArrival.json');
const TEXT = ['function area(r) {', '  ', '}', '', 'const unit = area(1);', ''].join('\n');

export const endpoint = { engine: 'scripted', args: ['--script', FIXTURE] };

let relay;
/**
 * A workspace settings change reaches the window when its file watcher sees it (seconds on a
 * busy machine), then the extension host at once: line numbers changing in the same write show
 * the window has it; this is left for the extension host after.
 */
const HOST_AFTER_WINDOW_MS = 500;

export async function settings(endpoint) {
  relay = await startCountingRelay(endpoint.wsUrl);
  return {
    'flint.fast.url': relay.url,
    'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
    'editor.suggestOnTriggerCharacters': false,
    'editor.inlineSuggest.enabled': true,
    // Next-edit requests go over the same socket: these tests count ghost-text requests only.
    'flint.nextEdit.enable': { '*': false },
  };
}

/** Writes and opens a fresh file once Flint is connected through the relay. */
async function prepare(ctx, name) {
  const path = join(ctx.workspace, 'src', name);
  mkdirSync(resolve(path, '..'), { recursive: true });
  writeFileSync(path, TEXT);
  await until('Flint connected through the relay', () => relay.connections > 0, 90_000);
  const item = await ctx.wb.statusBarItem('Flint', { timeoutMs: 30_000 });
  await item.locator('.codicon-zap').waitFor({ timeout: 30_000 });
  await ctx.wb.openFile(`src/${name}`);
}

/** Ghost-text requests since `from`, with the cursor after `before` (the JSON text of the frame escapes line breaks). */
const asked = (from, before = '') => relay.created.slice(from).filter((f) => f.includes(`${before}<|cursor|>`));
const EMPTY_LINE = 'function area(r) {\\n  ';

export const tests = [
  {
    name: 'going to the end of a line shows ghost text before any key; a key that agrees types through it',
    timeoutMs: 120_000,
    async run(ctx) {
      const { wb, page } = ctx;
      await prepare(ctx, 'arrive.js');
      const before = relay.requests;
      await goToLine(wb, page, 2, 3);
      await wb.waitForGhostText({ contains: 'return Math.PI * r * r;', timeoutMs: 20_000 });
      assert.equal(asked(before, EMPTY_LINE).length, 1, 'one request for the place arrived at');
      const typedAt = relay.requests;
      await wb.type('r');
      const shown = await until('the suggestion minus "r"', async () => ((await wb.ghostText()) === 'eturn Math.PI * r * r;' ? true : undefined)).catch(() => wb.ghostText());
      assert.equal(shown, true, `the same suggestion, minus the key typed: ${JSON.stringify(shown)}`);
      await sleep(NOTHING_SENT_WINDOW_MS);
      assert.equal(asked(typedAt, `${EMPTY_LINE}r`).length, 0, 'typing through the arrived suggestion sent no request');
    },
  },
  {
    name: 'a place inside a line asks nothing, and with prefetch off neither does the end of a line',
    timeoutMs: 120_000,
    async run(ctx) {
      const { wb, page, setSettings } = ctx;
      await prepare(ctx, 'inside.js');
      let before = relay.requests;
      await goToLine(wb, page, 5, 7);
      await sleep(NOTHING_SENT_WINDOW_MS);
      assert.deepEqual(asked(before), [], 'nothing asked for a cursor inside a line');
      assert.equal(await wb.ghostText(), '');
      // A place never asked for (nothing kept serves it): with prefetch on, this asks.
      await setSettings({ 'flint.completions.prefetch': false, 'editor.lineNumbers': 'off' });
      await page.locator('.monaco-editor .line-numbers').first().waitFor({ state: 'detached', timeout: 30_000 });
      await sleep(HOST_AFTER_WINDOW_MS);
      before = relay.requests;
      await goToLine(wb, page, 5, 22);
      await sleep(NOTHING_SENT_WINDOW_MS);
      assert.deepEqual(asked(before), [], 'nothing asked with prefetch off');
      assert.equal(await wb.ghostText(), '');
      await setSettings({ 'flint.completions.prefetch': true, 'editor.lineNumbers': 'on' });
    },
  },
];
