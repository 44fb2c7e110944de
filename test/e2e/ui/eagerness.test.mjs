// How readily ghost text appears (flint.completions.eagerness). "subtle" shows nothing while the
// user types at 90 ms a key and the suggestion once they pause; "normal", typed the same way
// against the same model, shows ghost text along the way (so the first test could fail). The
// scripted model suggests something for every prefix.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const FIXTURE = resolve(import.meta.dirname, '..', '..', 'fixtures', 'completions', 'e2eEagerness.json');

export const endpoint = { engine: 'scripted', args: ['--script', FIXTURE] };
export const settings = {
  'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
  'flint.nextEdit.enable': { '*': false },
  'flint.completions.eagerness': 'subtle',
};

const TYPED = 'const items = [3, 4];\nconst offset = 1;\nlet total = ';

/** Records, in the page, whether ghost text was drawn at any moment until `stop()`. */
async function watchGhostText(page) {
  await page.evaluate(() => {
    const w = window;
    w.__ghostSeen = [];
    const check = () => {
      // The editor draws spaces in ghost text as no-break spaces.
      const text = [...document.querySelectorAll('.ghost-text-decoration')].map((e) => e.textContent).join('').replace(/\u00a0/g, ' ');
      if (text) w.__ghostSeen.push(text);
    };
    w.__ghostObserver = new MutationObserver(check);
    w.__ghostObserver.observe(document.querySelector('.monaco-workbench'), { subtree: true, childList: true, characterData: true });
  });
  return {
    stop: () => page.evaluate(() => {
      window.__ghostObserver.disconnect();
      return window.__ghostSeen;
    }),
  };
}

async function freshFile(ctx, name) {
  const { wb, workspace } = ctx;
  const item = await wb.statusBarItem('Flint', { timeoutMs: 60_000 });
  await item.locator('.codicon-zap').waitFor({ timeout: 60_000 });
  const path = join(workspace, 'src', name);
  mkdirSync(resolve(path, '..'), { recursive: true });
  writeFileSync(path, '');
  await wb.openFile(`src/${name}`);
}

export const tests = [
  {
    name: 'subtle: no ghost text while typing at 90 ms a key; after a pause the suggestion shows; Alt+\\ asks at once',
    timeoutMs: 120_000,
    async run(ctx) {
      const { wb, page } = ctx;
      await freshFile(ctx, 'subtle.js');
      const watch = await watchGhostText(page);
      await wb.type(TYPED, { delayMs: 90 });
      // Shortly after the last key nothing shows yet: the pause is half a second.
      await page.waitForTimeout(250);
      const seen = await watch.stop();
      assert.deepEqual(seen, [], `ghost text showed while typing: ${JSON.stringify(seen.slice(0, 5))}`);
      const ghost = await wb.waitForGhostText({ contains: 'items.length + offset;', timeoutMs: 20_000 });
      assert.match(ghost, /items\.length \+ offset;/);

      // Typing on asks nothing new until the next pause; Alt+\ (Trigger Inline Suggestion) asks now.
      await wb.press('Escape');
      await wb.type('0', { delayMs: 90 });
      await wb.press('Alt+Backslash');
      await wb.waitForGhostText({ contains: '/* more */', timeoutMs: 5_000 });
    },
  },
  {
    name: 'normal: the same typing against the same model shows ghost text along the way',
    timeoutMs: 120_000,
    async run(ctx) {
      const { wb, page, setSettings } = ctx;
      await setSettings({ 'flint.completions.eagerness': 'normal' });
      try {
        await freshFile(ctx, 'normal.js');
        const watch = await watchGhostText(page);
        await wb.type(TYPED, { delayMs: 90 });
        await page.waitForTimeout(250);
        const seen = await watch.stop();
        assert.ok(seen.some((t) => t.includes('/* more */')), `ghost text showed while typing: ${JSON.stringify(seen.slice(0, 5))}`);
      } finally {
        await setSettings({ 'flint.completions.eagerness': 'subtle' });
      }
    },
  },
];
