// Context without a language server, in a real VS Code: a Python project in a window with no
// Python extension installed, so no server answers a definition (Flint's log says so); the
// parser's workspace index alone puts the signature of a helper imported from another file into
// the prompts of review and Generate Tests.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { goToLine, openPath } from '../../../support/e2e/editActions.mjs';
import { flintLog, waitForLog } from '../../../support/e2e/flintLog.mjs';
import { CONTEXT_SETTINGS, findCount, showLastPrompt } from '../../../support/e2e/contextProject.mjs';

const SIGNATURE = 'def add_cents(a: int, b: int) -> int:';
const FILES = {
  'ctxpy/__init__.py': '',
  'ctxpy/pytest.ini': '[pytest]\n',
  'ctxpy/pricing.py': `${SIGNATURE}\n    """Adds two amounts of money, in cents."""\n    return a + b\n`,
  'ctxpy/checkout.py': ['from .pricing import add_cents', '', '', 'def checkout(prices):', '    total = 0', '    for p in prices:', '        total = add_cents(total, p)', '    return total', ''].join('\n'),
};

export const settings = CONTEXT_SETTINGS;

export function prepareWorkspace(workspace) {
  for (const [name, text] of Object.entries(FILES)) {
    mkdirSync(join(workspace, name, '..'), { recursive: true });
    writeFileSync(join(workspace, name), text);
  }
}

/** Until the last prompt of `surface` carries `text` (Show Last Prompt, searched with Find). */
async function untilPromptCarries(wb, page, surface, text, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await showLastPrompt(wb, page, surface);
    const count = await findCount(wb, page, text);
    await wb.press('Escape');
    if (!/No results/.test(count)) return;
    if (Date.now() > deadline) throw new Error(`the last ${surface} prompt never carried "${text}"`);
    await page.waitForTimeout(2_000);
  }
}

export const tests = [
  {
    name: 'no language server for Python here: the parser\u2019s index gives review and Generate Tests the imported helper\u2019s signature',
    timeoutMs: 300_000,
    async run(ctx) {
      const { wb, page, workspace } = ctx;
      await wb.statusBarItem('Flint', { timeoutMs: 120_000 });
      const checkout = join(workspace, 'ctxpy', 'checkout.py');
      await openPath(wb, page, checkout);
      await goToLine(wb, page, 7);
      // No server answers for the file: the log says the index gives its definitions.
      await waitForLog(ctx, /context: no definitions from language servers yet for ctxpy\/checkout\.py \(\d+ names asked, 0 locations answered\)/, 60_000);
      await wb.press('End');
      await wb.press('Enter');
      await wb.type('total = add_cents(total, 1)', { delayMs: 40 });
      await wb.press('Escape');
      await wb.press('Control+S');
      await page.waitForFunction(() => !document.querySelector('.tabs-container .tab.active.dirty'), null, { timeout: 10_000 });
      await untilPromptCarries(wb, page, 'Review', SIGNATURE);
      await openPath(wb, page, checkout);
      await goToLine(wb, page, 5);
      await wb.runCommand('Flint: Generate Tests');
      await untilPromptCarries(wb, page, 'Generate Tests', SIGNATURE);
      if (/language servers give \d+ definitions for the names near the cursor in ctxpy/.test(flintLog(ctx).text)) throw new Error('a language server answered for the Python files: this test is meant to run without one');
    },
  },
];
