import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../src/log/logger';
import type { RequestSample } from '../../src/metrics/requestSample';
import { DismissedCode } from '../../src/review/dismissedCode';
import { lineEditOf } from '../../src/review/lineEdit';
import { ReviewRunner, type ReviewDocument } from '../../src/review/reviewRunner';
import { startEndpoint, type EndpointHandle } from '../../src/server/startEndpoint';
import { createModelClient } from '../../src/transport/createModelClient';
import type { ModelClient, ModelRequest } from '../../src/transport/modelClient';

// The runner over the real transport against the real local endpoint (scripted replies).
const script = {
  rules: [
    {
      match: { instructions: 'Flint review', user: { regex: '>\\s*(\\d+)\\| .*i <= n' } },
      reply: '{"findings":[{"startLine":$1,"endLine":$1,"severity":"error","message":"Off by one.","replacement":"for (i = 0; i < n; i++) {"}]}',
    },
    { match: { instructions: 'Flint review', user: 'fenced please' }, reply: '```json\n{"findings":[]}\n```' },
    { match: { instructions: 'Flint review', user: 'chatty please' }, reply: 'Looks fine to me!' },
    { match: { instructions: 'Flint review' }, reply: '{"findings":[]}' },
  ],
};

let ep: EndpointHandle;
const clients: ModelClient[] = [];
beforeAll(async () => {
  ep = await startEndpoint({ script, knobs: { tokensPerSecond: 0 } });
});
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
  ep.setKnobs({ tokensPerSecond: 0, firstTokenDelayMs: 0 });
  ep.setFaults({});
});
afterAll(() => ep.close());

class Doc implements ReviewDocument {
  readonly key = 'file:///w/a.js';
  readonly path = 'a.js';
  readonly languageId = 'javascript';
  constructor(public text: string[]) {}
  lines() {
    return this.text;
  }
}

function setup() {
  const client = createModelClient({ role: 'fast', url: ep.url, model: 'gpt-5.3-codex-spark', httpApi: 'responses', allowInsecure: false, firstTokenTimeoutMs: 5000, stallTimeoutMs: 5000, log: quiet() });
  clients.push(client);
  const sent: ModelRequest[] = [];
  const samples: RequestSample[] = [];
  const published: string[] = [];
  const warnings: string[] = [];
  let generating = 0;
  const log: Logger = { ...quiet(), warn: (m: string) => void warnings.push(m) };
  const runner = new ReviewRunner({
    client: () => Object.create(client, { stream: { value: (r: ModelRequest) => (sent.push(r), client.stream(r)) } }) as ModelClient,
    log,
    metrics: { record: (s) => void samples.push(s) },
    beginGeneration: () => {
      generating++;
      return () => generating--;
    },
    dismissed: new DismissedCode(),
    publish: (key) => void published.push(key),
  });
  return { runner, sent, samples, published, warnings, generating: () => generating };
}

function quiet(): Logger {
  return { trace() {}, debug() {}, info() {}, warn() {}, error() {} };
}

const FILE = ['// sums', 'let s = 0;', 'for (i = 0; i < n; i++) {', '  s += a[i];', '}'];

/** The document after typing `text` over line `line`, with the runner told. */
function type(runner: ReviewRunner, doc: Doc, line: number, text: string): void {
  doc.text = [...doc.text.slice(0, line), text, ...doc.text.slice(line + 1)];
  runner.edit(doc.key, [lineEditOf(line, line, text)]);
}

describe('ReviewRunner', () => {
  it('sends the changed lines with the JSON schema and shows the findings', async () => {
    const t = setup();
    const doc = new Doc([...FILE]);
    expect(await t.runner.review(doc)).toEqual([]);
    expect(t.sent).toHaveLength(0);
    type(t.runner, doc, 2, 'for (i = 0; i <= n; i++) {');
    const [outcome] = await t.runner.review(doc);
    expect(outcome).toMatchObject({ kind: 'shown', findings: 1 });
    expect(t.sent[0]).toMatchObject({ surface: 'review', jsonSchema: { name: 'flint_review' }, temperature: 0 });
    expect(t.sent[0].input[0].content).toContain('>3| for (i = 0; i <= n; i++) {');
    expect(t.runner.book(doc.key).all()).toMatchObject([{ lines: { start: 2, end: 3 }, severity: 'error', message: 'Off by one.', replacement: 'for (i = 0; i < n; i++) {' }]);
    expect(t.runner.findings(doc.key)).toHaveLength(1);
    expect(t.runner.findings('file:///w/never-changed.js')).toEqual([]);
    expect(t.published).toEqual([doc.key]);
    expect(t.samples).toMatchObject([{ surface: 'review', route: 'fast', outcome: 'used' }]);
    expect(t.generating()).toBe(0);
    // Reviewed: nothing left to send until the next change.
    expect(t.runner.hasChanges(doc.key)).toBe(false);
    // Typing on the flagged line withdraws the finding at once.
    type(t.runner, doc, 2, 'for (i = 0; i <= n; i++) { ');
    expect(t.runner.book(doc.key).all()).toEqual([]);
  });

  it('drops a reply that is not JSON with a log line, tolerates a fenced one', async () => {
    const t = setup();
    const doc = new Doc([...FILE]);
    type(t.runner, doc, 0, '// chatty please');
    expect(await t.runner.review(doc)).toMatchObject([{ kind: 'dropped', reason: 'not JSON: Looks fine to me!' }]);
    expect(t.warnings).toEqual(['review a.js:1-1: reply dropped, not JSON: Looks fine to me!']);
    expect(t.published).toEqual([]);
    expect(t.runner.hasChanges(doc.key)).toBe(false);
    type(t.runner, doc, 0, '// fenced please');
    expect(await t.runner.review(doc)).toMatchObject([{ kind: 'shown', findings: 0 }]);
  });

  it('a failed request shows nothing and the next review sends the lines again', async () => {
    const t = setup();
    const doc = new Doc([...FILE]);
    type(t.runner, doc, 2, 'for (i = 0; i <= n; i++) {');
    ep.setFaults({ errorEvent: { after: 0 } });
    const [failed] = await t.runner.review(doc);
    ep.setFaults({});
    expect(failed.kind).toBe('failed');
    expect(t.runner.book(doc.key).all()).toEqual([]);
    expect(t.samples.map((s) => s.outcome)).toEqual(['failed']);
    expect(t.runner.hasChanges(doc.key)).toBe(true);
    const [retried] = await t.runner.review(doc);
    expect(retried).toMatchObject({ kind: 'shown', findings: 1 });
    expect(t.sent.map((r) => r.input[0].content)).toEqual([t.sent[0].input[0].content, t.sent[0].input[0].content]);
  });

  it('an edit of lines under review drops the request; an edit above moves its findings', async () => {
    const t = setup();
    const doc = new Doc([...FILE]);
    ep.setKnobs({ firstTokenDelayMs: 300 });
    type(t.runner, doc, 2, 'for (i = 0; i <= n; i++) {');
    const running = t.runner.review(doc);
    await new Promise((r) => setTimeout(r, 50));
    expect(t.runner.requestsInFlight()).toBe(1);
    type(t.runner, doc, 2, 'for (i = 0; i <= n; i++) {  ');
    expect(await running).toEqual([{ kind: 'superseded' }]);
    expect(t.runner.book(doc.key).all()).toEqual([]);
    expect(t.runner.hasChanges(doc.key)).toBe(true);

    const again = t.runner.review(doc);
    await new Promise((r) => setTimeout(r, 50));
    // Two lines inserted above while the review runs: its finding lands two lines lower.
    doc.text = ['// a', '// b', ...doc.text];
    t.runner.edit(doc.key, [lineEditOf(0, 0, '// a\n// b\n')]);
    expect(await again).toMatchObject([{ kind: 'shown', findings: 1 }]);
    expect(t.runner.book(doc.key).all()[0].lines).toEqual({ start: 4, end: 5 });
  });

  it('a new review supersedes the one still running for the document', async () => {
    const t = setup();
    const doc = new Doc([...FILE]);
    ep.setKnobs({ firstTokenDelayMs: 300 });
    type(t.runner, doc, 2, 'for (i = 0; i <= n; i++) {');
    const first = t.runner.review(doc);
    await new Promise((r) => setTimeout(r, 50));
    const second = t.runner.review(doc);
    expect(await first).toEqual([{ kind: 'superseded' }]);
    expect(await second).toMatchObject([{ kind: 'shown', findings: 1 }]);
    expect(t.sent).toHaveLength(2);
    expect(t.sent[1].input[0].content).toBe(t.sent[0].input[0].content);
    expect(t.samples.map((s) => s.outcome).sort()).toEqual(['abandoned', 'used']);
    expect(t.runner.book(doc.key).all()).toHaveLength(1);
  });

  it('forgets a closed document: its request stops, nothing is published', async () => {
    const t = setup();
    const doc = new Doc([...FILE]);
    ep.setKnobs({ firstTokenDelayMs: 300 });
    type(t.runner, doc, 2, 'for (i = 0; i <= n; i++) {');
    const running = t.runner.review(doc);
    await new Promise((r) => setTimeout(r, 50));
    t.runner.forget(doc.key);
    expect(await running).toEqual([{ kind: 'superseded' }]);
    expect(t.published).toEqual([]);
    expect(t.runner.requestsInFlight()).toBe(0);
  });
});
