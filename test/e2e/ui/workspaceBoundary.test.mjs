// Secret files, secret-looking text and files outside the workspace never reach a model, through
// the real chat attachments, @-completion and Apply. The workspace holds real symlinks (a file
// and a folder leading outside it, a harmless name leading to .env), credential files by name
// and a source file with a private key in it. A relay in front of the endpoint records every
// request and frame Flint sends: none holds any of their markers, while an ordinary attached file
// does arrive.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answers, openChat, send } from '../../../support/e2e/chatPanel.mjs';
import { startRecordingRelay } from '../../../support/e2e/recordingRelay.mjs';

const TAG = randomBytes(6).toString('hex');
const MARK = (name) => `MARK_${name}_${TAG}`;
const OUTSIDE_TEXT = `export const ${MARK('OUTSIDE')} = 1;\n`;

const scriptDir = mkdtempSync(join(tmpdir(), 'flint-boundary-'));
const outside = join(scriptDir, 'outside');
mkdirSync(outside);
writeFileSync(join(outside, 'secret.ts'), OUTSIDE_TEXT);
writeFileSync(join(outside, 'creds.json'), `{"token": "${MARK('CREDS')}"}\n`);
writeFileSync(join(scriptDir, 'script.json'), JSON.stringify({
  rules: [{ match: { user: { regex: 'apply to linked' } }, reply: 'Here:\n\n```ts src/linked.ts\nexport const CHANGED = 2;\n```\n' }],
  defaults: { chat: 'You said: {{user}}', completion: '' },
}));
process.once('exit', () => rmSync(scriptDir, { recursive: true, force: true }));

export const endpoint = { engine: 'scripted', args: ['--script', join(scriptDir, 'script.json')] };

let relay;
export const settings = async (ep) => {
  relay = await startRecordingRelay(() => ep.origin);
  return { 'flint.fast.url': relay.wsUrl, 'flint.full.url': relay.httpUrl, 'flint.router.mode': 'fast' };
};

export const openFile = 'src/shapes.ts';

/** Real links and secret files in the fresh workspace copy. */
export function prepareWorkspace(ws) {
  const pem = ['-----BEGIN ', 'OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END ', 'OPENSSH PRIVATE KEY-----'].join('');
  symlinkSync(join(outside, 'secret.ts'), join(ws, 'src', 'linked.ts'));
  mkdirSync(join(ws, 'docs'));
  symlinkSync(join(outside, 'creds.json'), join(ws, 'docs', 'credentials.json'));
  symlinkSync(outside, join(ws, 'vendor'));
  writeFileSync(join(ws, '.env'), `API_TOKEN=${MARK('ENV')}\n`);
  symlinkSync(join(ws, '.env'), join(ws, 'src', 'notes.txt'));
  writeFileSync(join(ws, 'src', 'keyholder.ts'), `// ${MARK('PEM')}\nexport const key = \`${pem}\`;\n`);
  writeFileSync(join(ws, '.npmrc'), `//registry.example/:_authToken=${MARK('NPMRC')}\n`);
  writeFileSync(join(ws, 'id_ed25519'), `${MARK('IDKEY')}\n`);
}

const MARKS = ['OUTSIDE', 'CREDS', 'ENV', 'PEM', 'NPMRC', 'IDKEY'].map(MARK);
const leaked = () => MARKS.filter((m) => relay.holding(m).length > 0);

async function answer(frame, text) {
  const n = await answers(frame).count();
  await send(frame, text);
  const a = answers(frame).nth(n);
  await a.waitFor({ timeout: 30_000 });
  await a.locator('.stats', { hasText: 'first token' }).waitFor({ timeout: 30_000 });
  return a;
}

export const tests = [
  {
    name: 'chat attaches an ordinary file but no link out of the workspace, no secret file and no file holding a private key',
    timeoutMs: 120_000,
    async run({ wb, page }) {
      const frame = await openChat(wb, page);
      const mentions = ['src/linked.ts', 'docs/credentials.json', 'src/notes.txt', 'src/keyholder.ts', '.npmrc', 'id_ed25519', 'vendor/secret.ts', '.env'];
      await answer(frame, `${mentions.map((m) => `@${m}`).join(' ')} @src/shapes.ts what do these do?`);
      const notice = (await frame.locator('.composer-status').textContent()) ?? '';
      for (const m of mentions) assert.ok(notice.includes(m), `"${m}" is reported as not attached: ${notice}`);
      assert.match(notice, /src\/linked\.ts \(it leads outside the workspace folders/);
      assert.match(notice, /src\/notes\.txt \(it leads to \.env/);
      assert.match(notice, /src\/keyholder\.ts \(line 2 looks like a private key/);
      assert.ok(relay.holding('Math.hypot').length > 0, 'the ordinary file (shapes.ts) was sent');
      assert.deepEqual(leaked(), [], 'no marker of a refused file was sent');
    },
  },
  {
    name: '@-completion offers ordinary files but no link out of the workspace and no secret file',
    timeoutMs: 90_000,
    async run({ wb, page }) {
      const frame = await openChat(wb, page);
      const input = frame.locator('.composer textarea');
      const offered = async (query) => {
        await input.fill('');
        await input.pressSequentially(`@${query}`, { delay: 20 });
        await page.waitForTimeout(800);
        return frame.locator('.mention-list li').allTextContents();
      };
      const shapes = await offered('shap');
      assert.ok(shapes.includes('src/shapes.ts'), `ordinary files are offered: ${JSON.stringify(shapes)}`);
      for (const [q, path] of [['linked', 'src/linked.ts'], ['secret', 'vendor/secret.ts'], ['credentials', 'docs/credentials.json'], ['npmrc', '.npmrc'], ['ed25519', 'id_ed25519'], ['notes', 'src/notes.txt']]) {
        const list = await offered(q);
        assert.ok(!list.includes(path), `${path} is not offered for "@${q}": ${JSON.stringify(list)}`);
      }
      await input.fill('');
    },
  },
  {
    name: 'Apply refuses a code block naming a link that leads outside the workspace, and leaves the file alone',
    timeoutMs: 90_000,
    async run({ wb, page }) {
      const frame = await openChat(wb, page);
      const a = await answer(frame, 'apply to linked');
      await a.locator('button.code-action', { hasText: 'Apply' }).first().click();
      // The refusal is said in the chat, next to the code block (or, from the editor side, in a notification).
      await Promise.any([
        frame.getByText(/Not applied: .*(outside the workspace|not a file in this workspace|deny list)/).first().waitFor({ timeout: 20_000 }),
        page.locator('.notifications-toasts .notification-toast', { hasText: 'only with files inside the workspace folders' }).first().waitFor({ timeout: 20_000 }),
      ]);
      assert.equal(readFileSync(join(outside, 'secret.ts'), 'utf8'), OUTSIDE_TEXT, 'the file outside the workspace is unchanged');
      assert.deepEqual(leaked(), []);
    },
  },
];
