// Workspace trust in a real VS Code. In an untrusted (restricted) workspace Flint activates but
// sends nothing: it opens no connection, shows no ghost text, and chat says why. Once the user
// trusts the workspace, Flint connects and answers.
import assert from 'node:assert/strict';
import net from 'node:net';
import { answers, openChat, send } from '../../../support/e2e/chatPanel.mjs';

export const openFile = 'src/scratch.js';

// A code-server of its own with workspace trust on; the window opens untrusted, without asking.
export const workspaceTrust = true;

/** A loopback relay in front of the endpoint that counts the connections made through it. */
async function countingRelay() {
  const relay = { port: 0, target: 0, connections: 0 };
  const server = net.createServer((socket) => {
    relay.connections++;
    const upstream = net.connect(relay.target, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
    socket.unref();
    upstream.unref();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  relay.port = server.address().port;
  return relay;
}

const relay = await countingRelay();

export const settings = (endpoint) => {
  relay.target = Number(new URL(endpoint.origin).port);
  return {
    'security.workspace.trust.enabled': true,
    'security.workspace.trust.startupPrompt': 'never',
    'security.workspace.trust.untrustedFiles': 'open',
    'flint.fast.url': `ws://127.0.0.1:${relay.port}/v1/responses`,
    'flint.full.url': `http://127.0.0.1:${relay.port}/v1`,
  };
};

const UNTRUSTED = 'This workspace is not trusted, so Flint sends nothing.';

export const tests = [
  {
    name: 'in an untrusted workspace Flint sends nothing: no connection, no ghost text, and chat says why',
    timeoutMs: 90_000,
    async run({ wb, page }) {
      await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ timeout: 30_000 });
      await wb.statusBarItem('Flint', { timeoutMs: 30_000 });
      await wb.gotoEnd();
      await wb.type('\nfunction add(a, b) {\n');
      await page.waitForTimeout(1_500);
      assert.equal(await page.locator('.ghost-text-decoration, .ghost-text').count(), 0, 'no ghost text');

      const frame = await openChat(wb, page);
      await frame.locator('.composer-status', { hasText: UNTRUSTED }).waitFor({ timeout: 10_000 });
      await send(frame, 'hello');
      await frame.locator('.composer-status', { hasText: UNTRUSTED }).waitFor({ timeout: 10_000 });
      assert.equal(await answers(frame).count(), 0, 'no answer was started');
      assert.equal(await frame.locator('.composer textarea').inputValue(), 'hello', 'the message is kept in the box');
      assert.equal(relay.connections, 0, 'no connection was opened to the endpoint');
    },
  },
  {
    name: 'once the workspace is trusted, Flint connects and chat answers',
    timeoutMs: 90_000,
    async run({ wb, page }) {
      await wb.runCommand('Workspaces: Manage Workspace Trust');
      await page.locator('.workspace-trust-editor .monaco-button', { hasText: /^Trust$/ }).first().click({ timeout: 15_000 });
      await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ state: 'detached', timeout: 15_000 });
      const item = await wb.statusBarItem('Flint', { timeoutMs: 30_000 });
      await item.locator('.codicon-zap').waitFor({ timeout: 20_000 });
      assert.ok(relay.connections > 0, 'Flint connected once trusted');

      const frame = await openChat(wb, page);
      await frame.locator('.composer-status', { hasText: UNTRUSTED }).waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
      assert.doesNotMatch((await frame.locator('.composer-status').textContent()) ?? '', /not trusted/);
      await send(frame, 'hello');
      await answers(frame).last().locator('.markdown', { hasText: 'Hello! I am the Flint test endpoint' }).waitFor({ timeout: 20_000 });
    },
  },
];
