// Drives one VS Code workbench page: files, keys, commands, ghost text, status bar, screenshots.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Screenshots a test takes: written here (ignored) so a test run leaves the tree as it found it;
 * `npm run screenshots` copies them to docs/images/, where the README shows them.
 */
export const ARTIFACTS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test', 'e2e', '.work', 'screenshots');
/** Screenshots of failures: looked at, never committed (test/e2e/.work/ is ignored). */
export const FAILURES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test', 'e2e', '.work', 'failures');

const GHOST = '.monaco-editor .ghost-text-decoration, .monaco-editor .ghost-text-decoration-preview';

export class Workbench {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
  }

  /** Loads `url` and waits until the workbench and the editor services are up. */
  async open(url, { timeoutMs = 60_000 } = {}) {
    await this.page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
    await this.page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout: timeoutMs });
    await this.page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: timeoutMs });
  }

  /** Waits for the window title to show the extension development host (extensions loaded from the payload). */
  async waitForDevelopmentHost(timeoutMs = 30_000) {
    await this.page.waitForFunction(() => document.title.includes('Extension Development Host'), null, { timeout: timeoutMs });
  }

  /**
   * Presses `key` to open the quick input (Ctrl+P, F1) and types `text` into it; returns the
   * input. The key can be swallowed by a webview's frame, and a webview taking focus as it loads
   * closes the box: then the focus goes back to the active editor tab (which moves no cursor)
   * and it starts again.
   */
  async quickInput(key, text, { timeoutMs = 20_000 } = {}) {
    const input = this.page.locator('.quick-input-widget input');
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= 2;
      await this.page.keyboard.press(key);
      try {
        await input.fill(text, { timeout: last ? timeoutMs : 5_000 });
        return input;
      } catch (err) {
        if (last) throw err;
        await this.page.locator('.tabs-container .tab.active').first().click({ timeout: 2_000 }).catch(() => {});
      }
    }
  }

  /** Quick Open (Ctrl+P) with `text` typed in; returns its input. */
  quickOpen(text, options) {
    return this.quickInput('Control+P', text, options);
  }

  /** Opens `name` through Quick Open and waits for its editor to have focus. */
  async openFile(name, { timeoutMs = 20_000 } = {}) {
    const base = name.split('/').pop();
    const folder = name.includes('/') ? name.slice(0, name.lastIndexOf('/')) : '';
    await this.quickOpen(name, { timeoutMs });
    // The file list is searched asynchronously and Enter opens the focused row: wait until that
    // row is the file, not merely until the file is listed (a recent file can still be first).
    await this.page.waitForFunction(([want, dir]) => {
      const row = document.querySelector('.quick-input-widget .quick-input-list .monaco-list-row.focused');
      return row && labelOf(row) === want && row.textContent.includes(dir);
      function labelOf(r) { return (r.querySelector('.label-name')?.textContent ?? '').replace(/\u00a0/g, ' ').trim(); }
    }, [base, folder], { timeout: timeoutMs });
    await this.page.keyboard.press('Enter');
    await this.waitForFocusedEditor(base, { timeoutMs });
  }

  /**
   * Waits until `name`'s tab is the active one of the active group and its editor has keyboard
   * focus. A tab stays active in its own group while a webview beside it holds the focus, so the
   * tab alone says nothing about where the next key goes.
   */
  async waitForFocusedEditor(name, { timeoutMs = 20_000 } = {}) {
    await this.page.locator('.editor-group-container.active .tabs-container .tab.active', { hasText: name }).waitFor({ timeout: timeoutMs });
    await this.page.locator('.editor-group-container.active .editor-instance .monaco-editor.focused .view-lines').waitFor({ timeout: timeoutMs });
  }

  /**
   * Opens the command palette, types `>label` and presses Enter on the row labelled exactly
   * `label`; returns the input (the command may ask something in it next). Enter runs the
   * focused row, and a row merely listed is not it: the palette shows its unfiltered list
   * (recently used first) until the typed text is applied, and a longer label holding this one
   * ("File: Save All" for "File: Save") can rank first. A webview taking focus as it loads can
   * close the box before Enter: then it starts again (nothing ran yet).
   */
  async pickCommand(label, { timeoutMs = 20_000 } = {}) {
    const deadline = Date.now() + timeoutMs;
    const exact = this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row')
      .filter({ has: this.page.locator('.label-name', { hasText: new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) }) });
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= 2;
      const input = await this.quickInput('F1', `>${label}`, { timeoutMs });
      const wait = Math.max(1_000, last ? deadline - Date.now() : Math.min(8_000, deadline - Date.now()));
      const state = await this.page.waitForFunction((want) => {
        const widget = document.querySelector('.quick-input-widget');
        if (!widget || widget.style.display === 'none' || !widget.querySelector('input')?.value.startsWith('>')) return 'closed';
        const focused = widget.querySelector('.quick-input-list .monaco-list-row.focused');
        return focused && (focused.querySelector('.label-name')?.textContent ?? '').replace(/\u00a0/g, ' ').trim() === want && 'focused';
      }, label, { timeout: wait, polling: 100 }).then((h) => h.jsonValue(), () => 'not first');
      if (state === 'focused') {
        await this.page.keyboard.press('Enter');
        return input;
      }
      // Listed but ranked below a longer label: a click on its own row runs it.
      if (state === 'not first' && await exact.count() > 0) {
        await exact.first().click({ timeout: 5_000 });
        return input;
      }
      if (last || Date.now() > deadline) {
        const shown = await this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row .label-name').allTextContents().catch(() => []);
        throw new Error(`the command palette did not offer "${label}" (${state}; its rows: ${JSON.stringify(shown.slice(0, 5))}): labels are matched exactly`);
      }
      if (state !== 'closed') await this.page.keyboard.press('Escape');
    }
  }

  /** Runs a command from the command palette by its exact label (e.g. "Flint: Show Log"). */
  async runCommand(label, { timeoutMs = 20_000 } = {}) {
    const input = await this.pickCommand(label, { timeoutMs });
    await input.waitFor({ state: 'hidden', timeout: timeoutMs });
    // The box gives the focus back (or the command moves it) a moment after it hides: keys pressed
    // before that land nowhere. Bounded and not an error: a command may leave the focus nowhere.
    await this.page.waitForFunction(() => {
      const el = document.activeElement;
      return el && el !== document.body && !el.closest('.quick-input-widget');
    }, null, { timeout: 2_000 }).catch(() => undefined);
  }

  /** Types text into the focused editor, one key event per character. */
  async type(text, { delayMs = 0 } = {}) {
    await this.page.keyboard.type(text, { delay: delayMs });
  }

  /** Presses one key or chord (Playwright names: "Tab", "Escape", "Control+S"). */
  async press(key) {
    await this.page.keyboard.press(key);
  }

  /** Waits until an editor has keyboard focus (e.g. the file opened from the page URL). */
  async waitForEditor({ name, timeoutMs = 30_000 } = {}) {
    if (name) await this.page.locator('.tabs-container .tab.active', { hasText: name }).waitFor({ timeout: timeoutMs });
    const lines = this.page.locator('.editor-instance .monaco-editor .view-lines').first();
    await lines.waitFor({ timeout: timeoutMs });
    await lines.click();
  }

  /** Moves the cursor to the end of the document. */
  async gotoEnd() {
    await this.press('Control+End');
  }

  /** Waits for ghost text to be shown; returns its visible text. */
  async waitForGhostText({ timeoutMs = 10_000, contains } = {}) {
    const ghost = this.page.locator(GHOST).first();
    await ghost.waitFor({ timeout: timeoutMs });
    if (contains !== undefined) {
      await this.page.waitForFunction(
        ([sel, want]) => [...document.querySelectorAll(sel)].map((e) => e.textContent).join('').replace(/\u00a0/g, ' ').includes(want),
        [GHOST, contains], { timeout: timeoutMs });
    }
    return this.ghostText();
  }

  /** The ghost text currently shown ('' when none); the editor renders spaces as U+00A0. */
  async ghostText() {
    const text = await this.page.evaluate((sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent).join(''), GHOST);
    return text.replace(/\u00a0/g, ' ');
  }

  /** The status bar item whose text matches `pattern` (a string or RegExp), once visible. */
  async statusBarItem(pattern, { timeoutMs = 20_000 } = {}) {
    const item = this.page.locator('.part.statusbar .statusbar-item', { hasText: pattern }).first();
    await item.waitFor({ timeout: timeoutMs });
    return item;
  }

  /** Texts of all status bar items, left to right. */
  async statusBarTexts() {
    return this.page.locator('.part.statusbar .statusbar-item').allInnerTexts();
  }

  /** The text of the open editor as rendered (includes any ghost text shown; visible lines only). */
  async editorText() {
    const text = await this.page.locator('.editor-instance .monaco-editor .view-lines').first().innerText();
    return text.replace(/\u00a0/g, ' ');
  }

  /** Saves a small PNG under test/e2e/.work/screenshots/ (ignored; see ARTIFACTS_DIR), or under `dir`. */
  async screenshot(name, { clip, dir = ARTIFACTS_DIR } = {}) {
    mkdirSync(dir, { recursive: true });
    const path = join(dir, name.endsWith('.png') ? name : `${name}.png`);
    await this.page.screenshot({ path, clip, animations: 'disabled' });
    return path;
  }
}
