// A user with OPENAI_API_KEY in the environment who points Flint at a server on this machine is
// not asked about the key, and the key does not go there: local servers need none. Ghost text
// works. The fast URL goes through a WebSocket relay that records each handshake's
// Authorization header.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startCountingRelay } from '../../../support/e2e/countingRelay.mjs';
import { sleep } from '../../../support/until.mjs';

const SENTINEL = `sk-flint-loopback-${randomBytes(12).toString('hex')}`;
const FIXTURE = resolve(import.meta.dirname, '..', '..', 'fixtures', 'completions', 'e2eGhostText.json');

// A code-server of its own, whose extension host sees the key in its environment.
export const env = { OPENAI_API_KEY: SENTINEL };
export const endpoint = { engine: 'scripted', args: ['--script', FIXTURE] };

let relay;

export async function settings(endpoint) {
  relay = await startCountingRelay(endpoint.wsUrl);
  return {
    'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
    'flint.nextEdit.enable': { '*': false },
    'flint.fast.url': relay.url,
  };
}

const keyQuestion = (page) => page.locator('.monaco-dialog-box', { hasText: 'Send your API key to' });

export const tests = [
  {
    name: 'with OPENAI_API_KEY set and the endpoint on this machine, no question is asked, no key is sent, ghost text works',
    timeoutMs: 120_000,
    async run({ wb, page, workspace }) {
      const item = await wb.statusBarItem('Flint', { timeoutMs: 60_000 });
      await item.locator('.codicon-zap').waitFor({ timeout: 60_000 });
      const path = join(workspace, 'src', 'local.js');
      mkdirSync(resolve(path, '..'), { recursive: true });
      writeFileSync(path, '');
      await wb.openFile('src/local.js');
      await wb.type('const items = [3, 4];\nconst offset = 1;\nlet total = ', { delayMs: 40 });
      await wb.waitForGhostText({ contains: 'items.length + offset;', timeoutMs: 20_000 });

      assert.equal(await keyQuestion(page).count(), 0, 'no question about the key');
      assert.ok(relay.connections > 0, 'Flint connected through the relay');
      assert.deepEqual(relay.authorizations.filter((a) => a !== undefined), [], 'no Authorization header went to the server on this machine');
      assert.doesNotMatch(await item.innerText(), /key/i, 'the status bar is not waiting for a decision');
      // Nothing comes up later either (the window has been open for a while by now).
      await sleep(1000);
      assert.equal(await keyQuestion(page).count(), 0);
    },
  },
];
