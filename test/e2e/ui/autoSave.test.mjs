// Inline edits with auto-save on, as many users have it: the editor saves the document while
// the rewrite streams into it. Settling the edit must still leave the file on disk exactly
// the original (reject) or exactly the rewrite (accept), and one undo step must remain.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { SHAPES_LINES } from '../../../support/e2e/shapesSource.mjs';
import { editorText, instruct, lens, openCopy, selectLines, waitForText } from '../../../support/e2e/editActions.mjs';

export const openFile = 'src/shapes.ts';

export const settings = { 'files.autoSave': 'afterDelay', 'files.autoSaveDelay': 100 };

export const endpoint = { engine: 'scripted', args: ['--script', 'test/fixtures/edits/inlineEdit.script.json'] };

// Plain line ends and a final line break, as most files have.
const SOURCE = `${SHAPES_LINES.join('\n')}\n`;

/** Polls the file on disk (auto-save writes it after its delay) until `ok`; its last text. */
async function untilOnDisk(page, path, ok) {
  const deadline = Date.now() + 10_000;
  let text = readFileSync(path, 'utf8');
  while (!ok(text) && Date.now() < deadline) {
    await page.waitForTimeout(50);
    text = readFileSync(path, 'utf8');
  }
  return text;
}

async function onDisk(page, path, want, why) {
  assert.equal(await untilOnDisk(page, path, (text) => text === want), want, why);
}

/** Waits for auto-save to write the preview mid-stream: without that the test would prove nothing. */
async function savedMidStream(page, path, original) {
  assert.notEqual(await untilOnDisk(page, path, (text) => text !== original), original, 'auto-save never wrote the streaming preview');
}

export const tests = [
  {
    name: 'auto-saved while it streams, a rejected edit leaves the original on disk and nothing to undo',
    timeoutMs: 90_000,
    async run({ wb, page, workspace, endpoint }) {
      // Slow enough for auto-save's delay to pass between tokens.
      await endpoint.setKnobs({ tokensPerSecond: 5 });
      const path = await openCopy(wb, page, workspace, SOURCE, 'autosave-reject.ts');
      await selectLines(wb, page, 1, 3);
      await instruct(wb, page, 'stop me');
      await waitForText(page, 'kept line 2');
      await savedMidStream(page, path, SOURCE);
      await wb.press('Escape');
      await lens(page, 'Reject').waitFor({ timeout: 10_000 });

      await wb.press('Control+Backspace');
      await lens(page, 'Reject').waitFor({ state: 'detached', timeout: 10_000 });
      await onDisk(page, path, SOURCE, 'the original bytes are back on disk');
      const before = await editorText(page);
      await wb.press('Control+Z');
      await page.waitForTimeout(500);
      assert.equal(await editorText(page), before, 'nothing is left to undo');
      assert.equal(readFileSync(path, 'utf8'), SOURCE);
    },
  },
  {
    name: 'auto-saved while it streams, an accepted edit is on disk as the rewrite, and one undo restores the original',
    timeoutMs: 90_000,
    async run({ wb, page, workspace, endpoint }) {
      await endpoint.setKnobs({ tokensPerSecond: 5 });
      const path = await openCopy(wb, page, workspace, SOURCE, 'autosave-accept.ts');
      await selectLines(wb, page, 1, 3);
      await instruct(wb, page, 'add a doc comment to area');
      await lens(page, 'Generating').waitFor({ timeout: 20_000 });
      await savedMidStream(page, path, SOURCE);
      await endpoint.setKnobs({ tokensPerSecond: 1000 });
      await lens(page, 'Accept').waitFor({ timeout: 30_000 });

      await wb.press('Control+Enter');
      await lens(page, 'Accept').waitFor({ state: 'detached', timeout: 10_000 });
      const rewritten = `/** Area of a w × h rectangle. */\n${SOURCE.replace('\treturn w * h;', '\treturn w * h; // width times height')}`;
      await onDisk(page, path, rewritten, 'the rewrite, and only it, is on disk');

      await wb.press('Control+Z');
      await onDisk(page, path, SOURCE, 'one undo step restores the original');
    },
  },
];
