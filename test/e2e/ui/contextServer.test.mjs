// Context from the language server, in a real VS Code: on a TypeScript project of several files,
// with the editor's built-in TypeScript server running in full, ghost text, next edit, review
// and Generate Tests each send a prompt that carries the signature of a helper imported from
// another file, read back through Flint: Show Last Prompt; a denied file's definition is in none.
import { join } from 'node:path';
import { goToLine, openPath } from '../../../support/e2e/editActions.mjs';
import { flintLog } from '../../../support/e2e/flintLog.mjs';
import { assertPromptsCarryTheHelper, CONTEXT_SETTINGS, findCount, HELPER_SIGNATURE, sendEveryPrompt, showLastPrompt, writeContextProject } from '../../../support/e2e/contextProject.mjs';

const ANSWERED = /context: language servers give \d+ definitions for the names near the cursor in ctx\/src\/checkout\.ts/;

/**
 * Until the TypeScript server has answered for checkout.ts: it loads the project after the
 * window opens (slowly on a busy machine), and Flint asks again on each pause in the file.
 */
async function untilTheServerAnswers(ctx) {
  const { wb, page, workspace } = ctx;
  const deadline = Date.now() + 120_000;
  await openPath(wb, page, join(workspace, 'ctx', 'src', 'checkout.ts'));
  for (let line = 7; !ANSWERED.test(flintLog(ctx).text); line = line === 7 ? 8 : 7) {
    if (Date.now() > deadline) throw new Error(`the TypeScript server never gave a definition for checkout.ts:\n${flintLog(ctx).text.slice(-1500)}`);
    await goToLine(wb, page, line);
    await page.waitForTimeout(3_000);
  }
}

// The base settings run TypeScript's syntax-only server: this window runs the full one.
export const settings = { ...CONTEXT_SETTINGS, 'typescript.tsserver.useSyntaxServer': 'never' };

export function prepareWorkspace(workspace) {
  writeContextProject(workspace);
}

export const tests = [
  {
    name: 'every surface\u2019s prompt carries an imported helper\u2019s signature (language server answering); a denied file\u2019s definitions are in none; Show Last Prompt shows them',
    timeoutMs: 300_000,
    async run(ctx) {
      const { wb, page, workspace } = ctx;
      await wb.statusBarItem('Flint', { timeoutMs: 120_000 });
      await sendEveryPrompt(wb, page, workspace);
      await untilTheServerAnswers(ctx);
      await assertPromptsCarryTheHelper(wb, page);
      // The screenshot for the README: the review prompt, scrolled to its definitions.
      await showLastPrompt(wb, page, 'Review');
      await findCount(wb, page, HELPER_SIGNATURE);
      await wb.screenshot('show-last-prompt');
      await wb.press('Escape');
      if (!/files indexed/.test(flintLog(ctx).text)) throw new Error('the workspace index never reported its first pass');
    },
  },
];
