// Context without a language server, in a real VS Code: with TypeScript's semantic server off
// (the syntax-only server answers no cross-file definition), the parser's workspace index still
// puts the signature of a helper imported from another file into the prompts of ghost text,
// next edit, review and Generate Tests, and a denied file's definition into none.
import { assertPromptsCarryTheHelper, CONTEXT_SETTINGS, sendEveryPrompt, writeContextProject } from '../harness/contextProject.mjs';
import { flintLog } from '../harness/flintLog.mjs';

export const settings = { ...CONTEXT_SETTINGS, 'typescript.tsserver.useSyntaxServer': 'always' };

export function prepareWorkspace(workspace) {
  writeContextProject(workspace);
}

export const tests = [
  {
    name: 'with the language server off, the parser\u2019s index gives every surface the imported helper\u2019s signature; a denied file\u2019s definitions are in none',
    timeoutMs: 300_000,
    async run(ctx) {
      const { wb, page, workspace } = ctx;
      await wb.statusBarItem('Flint', { timeoutMs: 120_000 });
      await sendEveryPrompt(wb, page, workspace);
      await assertPromptsCarryTheHelper(wb, page);
      if (/language servers give/.test(flintLog(ctx).text)) throw new Error('a language server answered: this test is meant to run without one');
    },
  },
];
