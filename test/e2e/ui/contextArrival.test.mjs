// Context at the first request, in a real VS Code: a window just opened on a project, a file
// opened whose imports were never opened, the cursor brought to a line that uses an imported
// class by Go to Line. The request sent as the cursor arrives (before any key) carries that
// class's signature and members under "Definitions of names used here", and Show Last Prompt
// shows them there. The file holds a sample JSON Web Token: it is masked in what is sent (the
// status bar says so), not a reason to send nothing. Requests are read on the wire by a relay.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startCountingRelay } from '../../../support/e2e/countingRelay.mjs';
import { findCount, showLastPrompt } from '../../../support/e2e/contextProject.mjs';
import { goToLine } from '../../../support/e2e/editActions.mjs';
import { until } from '../../../support/until.mjs';

const SECTION = 'Definitions of names used here (from their files):';
// Built from parts: this file itself holds no credential-shaped string.
const SAMPLE_TOKEN = ['eyJhbGciOiJIUzI1NiJ9', 'eyJzdWIiOiIxMjM0NTY3ODkwIn0', 'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'].join('.');
const FILES = {
  'arr/src/ledger.ts': [
    '/** A book of amounts, in cents. */',
    'export class Ledger {',
    "  constructor(readonly currency: 'EUR' | 'USD') {}",
    '  /** Records one entry. */',
    '  record(entry: Entry): void {}',
    '  total(): number {',
    '    return 0;',
    '  }',
    '}',
    'export interface Entry {',
    '  cents: number;',
    '  memo: string;',
    '}',
    '',
  ].join('\n'),
  'arr/src/books.test.ts': [
    "import { Ledger } from './ledger';",
    '',
    '// A sample token, as the tests of auth code hold them.',
    `const SAMPLE = '${SAMPLE_TOKEN}';`,
    '',
    'export function openBooks(): Ledger {',
    "  const books = new Ledger('EUR');",
    '  return books;',
    '}',
    '',
  ].join('\n'),
};
/** The line that uses the imported class (1-based), and the text before the cursor at its end. */
const USE_LINE = 7;
const AT_USE = "new Ledger('EUR');<|cursor|>";

let relay;
export async function settings(endpoint) {
  relay = await startCountingRelay(endpoint.wsUrl);
  return {
    'flint.fast.url': relay.url,
    'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
    'editor.inlineSuggest.enabled': true,
    // Next edit shares the socket: only ghost text's requests are read here.
    'flint.nextEdit.enable': { '*': false },
  };
}

export function prepareWorkspace(workspace) {
  for (const [name, text] of Object.entries(FILES)) {
    mkdirSync(join(workspace, name, '..'), { recursive: true });
    writeFileSync(join(workspace, name), text);
  }
}

/** The user message of each ghost-text request on the wire whose cursor is at `before`. */

/** The lines the editor shows, top to bottom (the DOM does not keep them in order). */
const shownLines = (page) =>
  page.locator('.editor-instance .monaco-editor .view-lines .view-line').evaluateAll((lines) =>
    lines.map((l) => ({ top: parseFloat(l.style.top), text: (l.textContent ?? '').replace(/\u00a0/g, ' ') })).sort((a, b) => a.top - b.top).map((l) => l.text),
  );

export const tests = [
  {
    name: 'the first request at a place carries the signature of a class imported from a file never opened; Show Last Prompt shows it under its section; a sample token is masked',
    timeoutMs: 180_000,
    async run(ctx) {
      const { wb, page } = ctx;
      await until('Flint connected through the relay', () => relay.connections > 0, 90_000);
      await (await wb.statusBarItem('Flint', { timeoutMs: 30_000 })).locator('.codicon-zap').waitFor({ timeout: 30_000 });
      await wb.openFile('arr/src/books.test.ts');
      const before = relay.created.length;
      await goToLine(wb, page, USE_LINE);
      await wb.press('End');
      const first = await until('a ghost-text request from the end of the line that uses Ledger', () => {
        const found = relay.created.slice(before).filter((f) => f.includes(AT_USE));
        return found.length ? found[0] : undefined;
      }, 30_000);
      const text = JSON.stringify(JSON.parse(first));
      for (const wanted of [SECTION, '--- arr/src/ledger.ts', 'class Ledger', 'record(entry: Entry): void']) {
        assert.ok(text.includes(JSON.stringify(wanted).slice(1, -1)), `the first request at the place carries ${JSON.stringify(wanted)}`);
      }
      // In order: the section, the file's label, the class, then the open file's own text.
      const at = (s) => text.indexOf(JSON.stringify(s).slice(1, -1));
      assert.ok(at(SECTION) < at('--- arr/src/ledger.ts') && at('--- arr/src/ledger.ts') < at('class Ledger') && at('class Ledger') < at('File arr/src/books.test.ts'), 'the class is under its section, before the file');
      assert.ok(!text.includes(SAMPLE_TOKEN.slice(0, 30)), 'the sample token is not sent');
      assert.ok(text.includes('[masked: a JSON Web Token]'), 'the sample token is sent as a placeholder naming its kind');
      await wb.statusBarItem('Masked JSON Web Token', { timeoutMs: 10_000 });

      await showLastPrompt(wb, page, 'Ghost text');
      assert.doesNotMatch(await findCount(wb, page, SECTION), /No results/, 'Show Last Prompt shows the section');
      await wb.press('Escape');
      const lines = await shownLines(page);
      const heading = lines.findIndex((l) => l.includes(SECTION));
      assert.ok(heading >= 0, `the section is on screen: ${lines.join('\n')}`);
      const below = lines.slice(heading + 1);
      assert.equal(below[0], '--- arr/src/ledger.ts', `the imported file's label comes first under the section:\n${lines.join('\n')}`);
      assert.ok(below.slice(1, 6).some((l) => l === 'class Ledger'), `the class is under it:\n${lines.join('\n')}`);
      await wb.screenshot('context-arrival');
    },
  },
];
