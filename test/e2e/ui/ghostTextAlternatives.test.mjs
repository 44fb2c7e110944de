// Ghost-text alternatives in a real VS Code: a suggestion appears while typing with no extra
// request; Alt+] (show next inline suggestion) asks for two alternatives at that moment, in
// parallel, and shows one; Alt+] again the other, without a request; Alt+[ goes back; Tab
// accepts the alternative shown, exactly. The scripted endpoint answers per sampling
// temperature; requests are counted on the wire by a WebSocket relay.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startCountingRelay } from '../../../support/e2e/countingRelay.mjs';
import { NOTHING_SENT_WINDOW_MS } from '../../../support/e2e/nothingSentWindow.mjs';
import { sleep, until } from '../../../support/until.mjs';

const FIXTURE = resolve(import.meta.dirname, '..', '..', 'fixtures', 'completions', 'e2eGhostTextAlternatives.json');

export const endpoint = { engine: 'scripted', args: ['--script', FIXTURE] };

/** What the fixture answers without a temperature (typing) and at the alternatives' 0.6 and 1. */
const SHOWN = 'base;';
const AT_06 = 'bonus * 2;';
const AT_1 = 'base + bonus;';

let relay;

export async function settings(endpoint) {
  relay = await startCountingRelay(endpoint.wsUrl);
  return {
    'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
    'editor.suggestOnTriggerCharacters': false,
    'editor.inlineSuggest.enabled': true,
    // Next-edit requests go over the same socket: only ghost-text requests are counted here.
    'flint.nextEdit.enable': { '*': false },
    'flint.fast.url': relay.url,
  };
}

/** Writes a fresh file and opens it once Flint is connected through the relay. */
async function prepare(wb, workspace, file, text) {
  const path = join(workspace, file);
  mkdirSync(resolve(path, '..'), { recursive: true });
  writeFileSync(path, text);
  await until('Flint connected through the relay', () => relay.connections > 0, 90_000);
  const item = await wb.statusBarItem('Flint', { timeoutMs: 30_000 });
  await item.locator('.codicon-zap').waitFor({ timeout: 30_000 });
  await wb.openFile(file);
  return path;
}

/** All ghost text shown, the lines below the cursor's included (they live in view zones). */
const allGhost = (page) => page.evaluate(() =>
  [...document.querySelectorAll('.monaco-editor .ghost-text-decoration, .monaco-editor .ghost-text-decoration-preview, .monaco-editor .ghost-text')]
    .map((e) => e.textContent).join('').replace(/\u00a0/g, ' '));

const temperatureOf = (frame) => JSON.parse(frame).temperature;

/** Waits until the shown ghost text is exactly `text`; returns what is shown at the end. */
async function shows(wb, text, what) {
  return until(what, async () => ((await wb.ghostText()) === text ? text : undefined), 15_000).catch(() => wb.ghostText());
}

export const tests = [
  {
    name: 'Alt+] asks for alternatives only then and cycles them, Alt+[ goes back, Tab accepts the one shown',
    timeoutMs: 150_000,
    async run({ wb, page, workspace }) {
      const path = await prepare(wb, workspace, 'src/score.js', '');

      await wb.type('const base = 1;\nconst bonus = 2;\nlet score = ', { delayMs: 40 });
      await wb.waitForGhostText({ contains: SHOWN, timeoutMs: 20_000 });
      assert.equal(await wb.ghostText(), SHOWN, 'the typed-for suggestion is shown first');
      // The suggestion settles: its speculative follow-up goes out as it always does.
      await until('the speculative request after the suggestion', () => relay.created.some((f) => f.includes(`let score = ${SHOWN}<|cursor|>`)));
      await sleep(NOTHING_SENT_WINDOW_MS);
      const typing = relay.requests;
      assert.deepEqual(relay.created.map(temperatureOf).filter((t) => t !== undefined), [], 'typing asked for no alternative');

      await wb.press('Alt+BracketRight');
      assert.equal(await shows(wb, AT_06, 'the first alternative after Alt+]'), AT_06, 'Alt+] shows an alternative');
      const cycled = relay.created.slice(typing);
      assert.equal(cycled.length, 2, `Alt+] sent two requests; sent: ${cycled.map((f) => f.slice(-200)).join(' | ')}`);
      assert.deepEqual(cycled.map(temperatureOf), [0.6, 1], 'pushed apart by temperature');
      assert.ok(cycled.every((f) => f.includes('let score = <|cursor|>')), 'both for the shown place');
      const box = await page.locator('.editor-instance .monaco-editor').first().boundingBox();
      await wb.screenshot('ghost-text-alternatives', { clip: { x: box.x, y: box.y, width: Math.min(box.width, 900), height: Math.min(box.height, 90) } });

      await wb.press('Alt+BracketRight');
      assert.equal(await shows(wb, AT_1, 'the second alternative'), AT_1, 'Alt+] again shows the other alternative');
      await wb.press('Alt+BracketLeft');
      assert.equal(await shows(wb, AT_06, 'the first alternative again'), AT_06, 'Alt+[ goes back');
      await wb.press('Alt+BracketLeft');
      assert.equal(await shows(wb, SHOWN, 'the first suggestion again'), SHOWN, 'Alt+[ goes back to the first suggestion');
      await wb.press('Alt+BracketRight');
      assert.equal(await shows(wb, AT_06, 'the first alternative once more'), AT_06);
      await sleep(NOTHING_SENT_WINDOW_MS);
      assert.equal(relay.requests, typing + 2, 'cycling on sent nothing more');

      await wb.press('Tab');
      await until('the accepted alternative in the editor', async () =>
        (await wb.ghostText()) !== AT_06 && (await wb.editorText()).includes(`let score = ${AT_06}`));
      await wb.press('Control+S');
      const saved = await until('the accepted alternative on disk', () => {
        const text = readFileSync(path, 'utf8');
        return text.includes('let score = ') && !text.endsWith('let score = ') && text;
      }).catch(() => readFileSync(path, 'utf8'));
      assert.equal(saved, `const base = 1;\nconst bonus = 2;\nlet score = ${AT_06}`, 'exactly the alternative shown was inserted');
    },
  },
  {
    name: 'a suggestion growing line by line asks for no alternative; Alt+] on it does',
    timeoutMs: 120_000,
    async run({ wb, page, workspace, endpoint }) {
      await prepare(wb, workspace, 'src/area.js', 'function area(w, h) {\n\n}\n');
      await wb.press('Control+Home');
      await wb.press('ArrowDown');
      const before = relay.requests;
      // Slow enough that the first line shows before the others arrive: Flint asks the editor
      // again (an explicit ask of its own) for each grown version.
      await endpoint.setKnobs({ tokensPerSecond: 15 });
      try {
        await wb.type('  const grown = ', { delayMs: 30 });
        await wb.waitForGhostText({ contains: 'w * h;', timeoutMs: 20_000 });
        await until('the second line grown in', async () => (await allGhost(page)).includes('return grown / 2;'), 30_000).catch(async (e) => { throw new Error(`${e.message}; shown: ${JSON.stringify(await allGhost(page))}`); });
      } finally {
        await endpoint.setKnobs({ tokensPerSecond: 1000 });
      }
      await sleep(NOTHING_SENT_WINDOW_MS);
      const sent = relay.created.slice(before);
      assert.ok(sent.length >= 1, 'the suggestion was asked for');
      assert.deepEqual(sent.map(temperatureOf).filter((t) => t !== undefined), [], `growing asked for no alternative; sent: ${sent.map((f) => f.slice(-160)).join(' | ')}`);

      // The editor keeps a grown suggestion as an explicit answer; Alt+] still gets alternatives.
      const grown = relay.requests;
      await wb.press('Alt+BracketRight');
      assert.equal(await shows(wb, 'w + h;', 'an alternative of the grown suggestion'), 'w + h;', 'Alt+] after growth shows an alternative');
      assert.deepEqual(relay.created.slice(grown).map(temperatureOf), [0.6, 1], 'Alt+] after growth asked for two alternatives');
      await wb.press('Alt+BracketLeft');
      await until('the grown suggestion again', async () => (await allGhost(page)).includes('return grown / 2;'), 15_000);
      await wb.press('Escape');
    },
  },
  {
    name: 'Alt+] in a denied file (.env) sends nothing',
    timeoutMs: 60_000,
    async run({ wb, workspace }) {
      await prepare(wb, workspace, 'config/.env.local', 'DATABASE_URL=postgres://localhost/app\n');
      await wb.gotoEnd();
      const before = relay.requests;
      await wb.type('let score = ', { delayMs: 40 });
      await wb.press('Alt+BracketRight');
      await wb.press('Alt+BracketRight');
      await until('the typed text in the editor', async () => (await wb.editorText()).includes('let score = '));
      await sleep(NOTHING_SENT_WINDOW_MS);
      assert.equal(await wb.ghostText(), '', 'no ghost text in a denied file');
      assert.equal(relay.requests, before, 'nothing was sent for a denied file');
    },
  },
];
