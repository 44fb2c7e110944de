// Ghost text in a real VS Code: it appears while typing, typing through it keeps the same
// suggestion without a new request, Tab accepts it (checked on disk), and a secret file gets
// nothing sent. Requests are counted on the wire by a WebSocket relay between Flint and the
// endpoint (each `response.create` that generates).
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startCountingRelay } from '../../../support/e2e/countingRelay.mjs';
import { NOTHING_SENT_WINDOW_MS } from '../../../support/e2e/nothingSentWindow.mjs';
import { sleep, until } from '../../../support/until.mjs';


const FIXTURE = resolve(import.meta.dirname, '..', '..', 'fixtures', 'completions', 'e2eGhostText.json');

export const endpoint = { engine: 'scripted', args: ['--script', FIXTURE] };

/** Quiet editor: no suggest widget competing with the ghost text. */
const EDITOR_SETTINGS = {
  'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
  'editor.suggestOnTriggerCharacters': false,
  'editor.inlineSuggest.enabled': true,
  // Next-edit requests go over the same socket: these tests count ghost-text requests only.
  'flint.nextEdit.enable': { '*': false },
};

/** The relay between Flint and the endpoint, in place before the window opens (user settings). */
let relay;

export async function settings(endpoint) {
  relay = await startCountingRelay(endpoint.wsUrl);
  return { ...EDITOR_SETTINGS, 'flint.fast.url': relay.url };
}

async function waitWarm(wb) {
  const item = await wb.statusBarItem('Flint', { timeoutMs: 30_000 });
  await item.locator('.codicon-zap').waitFor({ timeout: 30_000 });
}

/** Writes a fresh file and opens it once Flint is connected through the relay. */
async function prepare(ctx, file, text = '') {
  const path = join(ctx.workspace, file);
  mkdirSync(resolve(path, '..'), { recursive: true });
  writeFileSync(path, text);
  // Flint reconnects through the relay when the setting changes: wait until it did.
  // A busy machine can take a while to reopen the socket.
  const deadline = Date.now() + 90_000;
  while (relay.connections === 0) {
    if (Date.now() > deadline) throw new Error('Flint did not connect through the relay');
    await sleep(100);
  }
  await waitWarm(ctx.wb);
  await ctx.wb.openFile(file);
  return path;
}

export const tests = [
  {
    name: 'ghost text appears, typing through keeps it without a request, Tab accepts it',
    timeoutMs: 120_000,
    async run(ctx) {
      const { wb, page } = ctx;
      const path = await prepare(ctx, 'src/ghost.js');
      await wb.type('const items = [3, 4];\nconst offset = 1;\nlet total = ', { delayMs: 40 });
      await wb.waitForGhostText({ contains: 'items.length + offset;', timeoutMs: 20_000 });
      const box = await page.locator('.editor-instance .monaco-editor').first().boundingBox();
      await wb.screenshot('ghost-text', { clip: { x: box.x, y: box.y, width: Math.min(box.width, 900), height: Math.min(box.height, 220) } });

      // The suggestion settles: its speculative follow-up (the text after accepting it) goes out.
      await until('the speculative request after the suggestion', () => relay.created.some((frame) => frame.includes('items.length + offset;<|cursor|>')));
      const before = relay.requests;
      const suggestion = 'items.length + offset;';
      const typed = 'items.len';
      for (let i = 1; i <= typed.length; i++) {
        await wb.type(typed[i - 1]);
        const rest = suggestion.slice(i);
        const shown = await until(`the suggestion minus "${typed.slice(0, i)}"`, async () => ((await wb.ghostText()) === rest ? rest : undefined)).catch(() => wb.ghostText());
        assert.equal(shown, rest, `the same suggestion, minus "${typed.slice(0, i)}"`);
      }
      await sleep(NOTHING_SENT_WINDOW_MS);
      assert.equal(relay.requests, before, `typing through the suggestion sent no request; sent: ${relay.created.slice(before).map((f) => JSON.parse(f).input?.at?.(-1)?.content?.slice?.(-200) ?? f.slice(-300)).join(' | ')}`);

      await wb.press('Tab');
      // Accepted: the rest of the suggestion is no longer ghost text but in the document.
      await until('the accepted text in the editor', async () =>
        !(await wb.ghostText()).includes('th + offset;') && (await wb.editorText()).includes('let total = items.length + offset;'));
      await wb.press('Control+S');
      const saved = await until('the accepted text on disk', () => {
        const text = readFileSync(path, 'utf8');
        return text.includes('let total = items.length + offset;') && text;
      }).catch(() => readFileSync(path, 'utf8'));
      assert.match(saved, /let total = items\.length \+ offset;/, `accepted text on disk: ${JSON.stringify(saved)}`);
    },
  },
  {
    name: 'a secret file (.env) gets no ghost text and nothing is sent',
    timeoutMs: 60_000,
    async run(ctx) {
      const { wb } = ctx;
      await prepare(ctx, 'config/.env.local', 'DATABASE_URL=postgres://localhost/app\n');
      await wb.gotoEnd();
      const before = relay.requests;
      await wb.type('API_KEY=', { delayMs: 60 });
      await until('the typed text in the editor', async () => (await wb.editorText()).includes('API_KEY='));
      await sleep(NOTHING_SENT_WINDOW_MS);
      assert.equal(await wb.ghostText(), '', 'no ghost text in a denied file');
      assert.equal(relay.requests, before, 'nothing was sent for a denied file');
    },
  },
];
