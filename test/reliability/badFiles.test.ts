import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompletionEngine } from '../../src/completions/completionEngine';
import { buildCompletionContext } from '../../src/context/completionContext';
import { createDenyList } from '../../src/privacy/denyList';
import { looksBinary } from '../../src/context/looksBinary';
import { SnippetRing } from '../../src/context/snippetRing';
import { charsForTokens } from '../../src/context/tokenEstimate';
import { systemClock } from '../../src/time/clock';
import type { ModelClient, ModelRequest } from '../../src/transport/modelClient';
import { MemoryDocument } from '../../support/memoryDocument';
import { editSession, generationOver } from '../../support/reliability/editProbe';
import { FaultRig, lineLogger, recordingClient, stateReached } from '../../support/reliability/faultRig';
import { GHOST_FIRST_LINE, GHOST_PREFIX_FAULTED } from '../../support/reliability/faultScript';
import { ghostRequest } from '../../support/reliability/ghostTextProbe';

const BUDGET = 4096;
const MB = 1 << 20;

let rig: FaultRig;
let client: ModelClient;
beforeAll(async () => {
  rig = await FaultRig.start();
  // Generous timeouts: megabytes go through here, on a machine busy with other tests.
  client = rig.client([], { firstTokenTimeoutMs: 20_000, stallTimeoutMs: 20_000 });
  await stateReached(client, 'warm');
});
afterAll(() => rig.close());

/** The engine over the real transport, recording what each request sent. */
function engineRecording() {
  const { client: recording, streams } = recordingClient(client);
  const sent: ModelRequest[] = [];
  const spy: ModelClient = Object.create(recording, { stream: { value: (r: ModelRequest) => (sent.push(r), recording.stream(r)) } });
  const engine = new CompletionEngine({
    client: () => spy,
    settings: () => ({ api: 'responses', fimTemplate: 'qwen', maxLines: 30, tokenBudget: BUDGET, debounceMs: 0 }),
    clock: systemClock(() => performance.now()),
    metrics: { record() {} },
    log: lineLogger([]),
  });
  return { engine, sent, streams };
}

const sentChars = (r: ModelRequest) => r.input.reduce((n, m) => n + m.content.length, 0);
/** The budget in characters, plus the fixed words of the prompt around the code. */
const MAX_SENT = charsForTokens(BUDGET) + 400;

describe('huge files: the context sent is capped', () => {
  it('a file of 100,000 lines gets its suggestion with only a window of it sent', async () => {
    const { engine, sent } = engineRecording();
    const before = Array.from({ length: 100_000 }, (_, i) => `const line${i} = ${i};`).join('\n');
    const after = Array.from({ length: 50_000 }, (_, i) => `export const tail${i} = ${i};`).join('\n');
    const r = await engine.provide(ghostRequest(`${before}\n${GHOST_PREFIX_FAULTED}`, `\n${after}`));
    expect(r?.suggestion.text).toBe(GHOST_FIRST_LINE);
    expect(sent).toHaveLength(1);
    expect(sentChars(sent[0])).toBeLessThanOrEqual(MAX_SENT);
    expect(sent[0].input[0].content).toContain('const line99999 = 99999;');
    engine.dispose();
  });

  it('a single minified line of 3 MB is cut to the window too', async () => {
    const { engine, sent } = engineRecording();
    const minified = 'var a=1;'.repeat((3 * MB) / 8);
    const r = await engine.provide(ghostRequest(`${minified}\n${GHOST_PREFIX_FAULTED}`, minified));
    expect(r?.suggestion.text).toBe(GHOST_FIRST_LINE);
    expect(sentChars(sent[0])).toBeLessThanOrEqual(MAX_SENT);
    engine.dispose();
  });

  it('snippets of other files never push the total past the budget', () => {
    const snippets = Array.from({ length: 200 }, (_, i) => ({ path: `src/f${i}.ts`, text: `export const v${i} = ${i};\n`.repeat(i * 50) }));
    const ctx = buildCompletionContext({ prefix: 'x\n'.repeat(MB), suffix: 'y\n'.repeat(MB), snippets, tokenBudget: BUDGET });
    const chars = ctx.prefix.length + ctx.suffix.length + ctx.snippets.reduce((n, s) => n + s.path.length + s.text.length, 0);
    expect(chars).toBeLessThanOrEqual(charsForTokens(BUDGET));
    expect(ctx.tokens).toBeLessThanOrEqual(BUDGET);
    expect(ctx.snippets.length).toBeGreaterThan(0);
  });

  it('an edit of a region too large for the endpoint fails with one message and leaves the document as it was', async () => {
    const lines = Array.from({ length: 120_000 }, (_, i) => `  total += values[${i}] * weights[${i}]; // keep this line as it is`);
    const text = ['// big', 'function big(values, weights) {', '  let total = 0;', ...lines, '  return total;', '}', ''].join('\n');
    const doc = new MemoryDocument(text);
    const log: string[] = [];
    const session = editSession(doc, client, log);
    session.start('rename total to sum');
    expect(await generationOver(session)).toBe('failed');
    expect(session.info.error?.code).toBe('bad_request');
    expect(session.info.note).toMatch(/rejected the request \(HTTP 413\): Event of \d+ bytes exceeds the \d+-byte limit/);
    expect(doc.text).toBe(text);
    // The connection stays usable for the next request.
    const { engine } = engineRecording();
    expect((await engine.provide(ghostRequest(GHOST_PREFIX_FAULTED)))?.suggestion.text).toBe(GHOST_FIRST_LINE);
    engine.dispose();
  });
});

describe('binary files', () => {
  const png = String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52);
  const latin1Garbage = Array.from({ length: 600 }, (_, i) => String.fromCharCode((i * 37) % 32)).join('') + 'text'.repeat(100);
  const notUtf8 = `header ${'\ufffd'.repeat(300)} trailer`;

  it.each([
    ['a PNG header', png],
    ['NUL bytes after text', `const a = 1;\n${'\u0000'}`],
    ['control characters', latin1Garbage],
    ['bytes that were not UTF-8', notUtf8],
  ])('looks binary: %s', (_, text) => {
    expect(looksBinary(text)).toBe(true);
  });

  it.each([
    ['code with tabs, CRLF and a form feed', 'function f() {\r\n\treturn 1;\r\n}\f\n'],
    ['emoji and CJK', 'const greeting = "こんにちは 👋";\n'.repeat(50)],
    ['an empty file', ''],
    ['a long single line', 'x'.repeat(100_000)],
  ])('looks like text: %s', (_, text) => {
    expect(looksBinary(text)).toBe(false);
  });

  it('never reaches the snippet ring, so it is never sent as context', () => {
    const ring = new SnippetRing();
    ring.add('assets/logo.png', png.repeat(20));
    ring.add('data/dump.bin', latin1Garbage);
    ring.add('src/util.ts', 'export const util = 1;');
    expect(ring.select('src/probe.ts', '', () => true).map((s) => s.path)).toEqual(['src/util.ts']);
  });
});

describe('the deny list is honoured by the context sent with a request', () => {
  it('secrets, files.exclude and user patterns never reach the request; other files do', async () => {
    const secrets: Record<string, string> = {
      '.env': 'OPENAI_API_KEY=sk-dotenv-SECRET-0001',
      'config/.env.production': 'DB_PASSWORD=SECRET-0002',
      'certs/server.pem': '-----BEGIN PRIVATE KEY----- SECRET-0003',
      'deploy/ID_RSA': 'SECRET-0004 ssh key',
      'secrets/token.txt': 'SECRET-0005 user pattern',
      'node_modules/lib/index.ts': 'export const vendored = "SECRET-0006";',
      'C:\\work\\app\\.ENV': 'SECRET-0007 windows path',
    };
    const ring = new SnippetRing({ capacity: 16, maxLines: 64, duplicateThreshold: 0.99 });
    for (const [path, text] of Object.entries(secrets)) ring.add(path, text);
    ring.add('src/util.ts', 'export function probeHelper() { return 42; }');
    const denied = createDenyList(['secrets/**', '', 'broken{'], ['**/node_modules']);
    const { engine, sent } = engineRecording();
    const req = { ...ghostRequest(GHOST_PREFIX_FAULTED), snippets: () => ring.select('src/probe.ts', 'probeHelper', (p) => !denied(p)) };
    expect((await engine.provide(req))?.suggestion.text).toBe(GHOST_FIRST_LINE);
    const content = sent.map((r) => r.input.map((m) => m.content).join('\n')).join('\n');
    expect(content).toContain('probeHelper() { return 42; }');
    for (const text of Object.values(secrets)) expect(content).not.toContain(text);
    expect(content).not.toMatch(/SECRET-000\d/);
    engine.dispose();
  });
});
