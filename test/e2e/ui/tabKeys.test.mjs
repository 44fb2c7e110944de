// Tab that does the right thing with ghost text about: with the suggest widget open Tab takes
// the IntelliSense item, and inside a snippet Tab moves to the next tab stop. The scripted model
// suggests something for every prefix, so ghost text is never far.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { saveAndRead } from '../../../support/e2e/editActions.mjs';

const FIXTURE = resolve(import.meta.dirname, '..', '..', 'fixtures', 'completions', 'e2eEagerness.json');

export const endpoint = { engine: 'scripted', args: ['--script', FIXTURE] };
export const settings = {
  // IntelliSense as users have it: quick suggestions on.
  'editor.quickSuggestions': { other: 'on', comments: 'off', strings: 'off' },
  'editor.suggestOnTriggerCharacters': true,
  'editor.wordBasedSuggestions': 'currentDocument',
  'flint.nextEdit.enable': { '*': false },
};

/** A project snippet, as a repository ships one. */
export function prepareWorkspace(workspace) {
  mkdirSync(join(workspace, '.vscode'), { recursive: true });
  writeFileSync(join(workspace, '.vscode', 'flint-e2e.code-snippets'), JSON.stringify({
    pair: { scope: 'javascript', prefix: 'pairsum', body: 'const sum = ${1:left} + ${2:right};' },
  }));
}

async function freshFile(ctx, name, text = '') {
  const { wb, workspace } = ctx;
  const item = await wb.statusBarItem('Flint', { timeoutMs: 60_000 });
  await item.locator('.codicon-zap').waitFor({ timeout: 60_000 });
  const path = join(workspace, 'src', name);
  mkdirSync(resolve(path, '..'), { recursive: true });
  writeFileSync(path, text);
  await wb.openFile(`src/${name}`);
  await wb.gotoEnd();
  return path;
}

const suggestWidget = (page) => page.locator('.editor-widget.suggest-widget.visible');

export const tests = [
  {
    name: 'with the suggest widget open, Tab takes the IntelliSense item, not the ghost text',
    timeoutMs: 120_000,
    async run(ctx) {
      const { wb, page } = ctx;
      const path = await freshFile(ctx, 'intellisense.js', 'const fooBarBaz = 1;\n');
      // Ghost text comes first, at the start of the line.
      await wb.waitForGhostText({ contains: '/* more */', timeoutMs: 20_000 }).catch(() => undefined);
      await wb.type('fooB', { delayMs: 60 });
      await suggestWidget(page).locator('.monaco-list-row', { hasText: 'fooBarBaz' }).first().waitFor({ timeout: 20_000 });
      await wb.press('Tab');
      await suggestWidget(page).waitFor({ state: 'hidden', timeout: 10_000 });
      await wb.press('Escape');
      const saved = (await saveAndRead(wb, page, path)).toString('utf8');
      assert.equal(saved, 'const fooBarBaz = 1;\nfooBarBaz');
    },
  },
  {
    name: 'inside a snippet, Tab moves to the next tab stop even with ghost text shown',
    timeoutMs: 120_000,
    async run(ctx) {
      const { wb, page, setSettings } = ctx;
      // The suggest widget would pop up on each key and hold the ghost text back: asked for by hand here.
      await setSettings({ 'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' } });
      const path = await freshFile(ctx, 'snippet.js');
      await wb.type('pairsum', { delayMs: 60 });
      await wb.press('Control+Space');
      await suggestWidget(page).locator('.monaco-list-row', { hasText: 'pairsum' }).first().waitFor({ timeout: 20_000 });
      await wb.press('Enter');
      await suggestWidget(page).waitFor({ state: 'hidden', timeout: 10_000 });
      // The first stop is selected; typing replaces it, and the model suggests on at the cursor.
      await wb.type('a', { delayMs: 60 });
      await wb.waitForGhostText({ contains: '/* more */', timeoutMs: 20_000 });
      await wb.press('Tab');
      await wb.type('b', { delayMs: 60 });
      await wb.press('Escape');
      await wb.press('Escape');
      const saved = (await saveAndRead(wb, page, path)).toString('utf8');
      assert.equal(saved, 'const sum = a + b;');
      assert.ok(!readFileSync(path, 'utf8').includes('/* more */'));
    },
  },
];
