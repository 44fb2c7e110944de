import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CompletionEngine } from '../../src/completions/completionEngine';
import type { CompletionSettings } from '../../src/completions/completionSettings';
import type { RequestSample } from '../../src/metrics/requestSample';
import { startEndpoint, type EndpointHandle } from '../../src/server/startEndpoint';
import { systemClock } from '../../src/time/clock';
import type { ModelClient, ModelRequest, ModelStream } from '../../src/transport/modelClient';
import { CompletionRequestLog } from '../../support/completionRequestLog';
import { localFastClient, request } from './engineHarness';

// The engine over the real transport against the real local endpoint (scripted engine: exact text).
const script = {
  rules: [
    { match: { user: { regex: 'let total = <\\|cursor\\|>' } }, reply: 'items.length;\nconsole.log(total);\n' },
    { match: { user: { regex: 'function double\\(x\\) \\{\\n  <\\|cursor\\|>' } }, reply: 'const y = x * 2;\n  return y;\n}\n\nmodule.exports = double;' },
    { match: { user: { regex: 'slow = <\\|cursor\\|>' } }, reply: 'a'.repeat(400) + '\n' },
    { match: { user: { regex: 'quick = <\\|cursor\\|>' } }, reply: '1;\n' },
    { match: { user: { regex: 'fenced = <\\|cursor\\|>' } }, reply: '```js\nfenced = 42;\n```\n' },
    { match: { prefix: { regex: '<\\|fim_prefix\\|>function add\\(a, b\\) \\{<\\|fim_suffix\\|>' } }, reply: '\n  return a + b;\n}' },
  ],
};

let ep: EndpointHandle;
const clients: ModelClient[] = [];
beforeAll(async () => {
  ep = await startEndpoint({ script, knobs: { tokensPerSecond: 2000 } });
});
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
  ep.setKnobs({ tokensPerSecond: 2000, firstTokenDelayMs: 0 });
});
afterAll(() => ep.close());

function setup(settings: Partial<CompletionSettings> = {}, url = ep.url, fimApi?: 'infill' | 'completions') {
  const client = localFastClient(url, fimApi);
  clients.push(client);
  const sent: ModelRequest[] = [];
  const streams: ModelStream[] = [];
  const counting: ModelClient = Object.create(client, {
    stream: { value: (r: ModelRequest) => (sent.push(r), streams[streams.push(client.stream(r)) - 1]) },
  });
  const log = new CompletionRequestLog();
  const samples: RequestSample[] = [];
  const engine = new CompletionEngine({
    client: () => counting,
    settings: () => ({ api: 'responses', fimTemplate: 'qwen', maxLines: 30, tokenBudget: 4096, debounceMs: 0, ...settings }),
    clock: systemClock(() => performance.now()),
    metrics: { record: (s) => samples.push(s) },
    log,
  });
  return { engine, client, sent, streams, samples, log };
}

describe('ghost text against the local endpoint', () => {
  it('returns the first line before the stream ends, then serves the next line from the cache', async () => {
    ep.setKnobs({ tokensPerSecond: 100 });
    const { engine, client, sent, log } = setup();
    const r = await engine.provide(request('const items = [1, 2];\nlet total = ', ''));
    expect(r?.suggestion.text).toBe('items.length;');
    expect(client.stats().openRequests).toBe(1);
    engine.accepted(r!.entryId);
    const next = await engine.provide(request('const items = [1, 2];\nlet total = items.length;', ''));
    expect(next?.suggestion.text).toBe('\nconsole.log(total);');
    // Only a speculative request for what follows the last line went out.
    expect(sent.length - log.count('speculative')).toBe(1);
  });

  it('types through the suggestion without sending anything', async () => {
    const { engine, sent, log } = setup();
    const first = await engine.provide(request('let total = ', ''));
    expect(first?.suggestion.text.split('\n')[0]).toBe('items.length;');
    await new Promise((r) => setTimeout(r, 50));
    const afterShow = sent.length - log.count('speculative');
    for (const typed of ['i', 'it', 'ite', 'item', 'items', 'items.']) {
      const r = await engine.provide(request(`let total = ${typed}`, ''));
      expect(r?.source).toBe('typing-through');
      // The same suggestion, possibly grown by the lines that followed in the meantime.
      expect(r?.suggestion.text.startsWith('items.length;'.slice(typed.length))).toBe(true);
    }
    // Speculation for what follows the (grown) suggestion aside, nothing went out.
    expect(sent.length - log.count('speculative')).toBe(afterShow);
  });

  it('completes an empty block up to its end', async () => {
    const { engine } = setup();
    const r = await engine.provide(request('function double(x) {\n  ', '\n'));
    expect(r?.suggestion.text).toBe('const y = x * 2;\n  return y;\n}');
  });

  it('strips the Markdown fence and the echoed line an instruct model wrapped its answer in', async () => {
    const { engine } = setup();
    const r = await engine.provide(request('fenced = ', ''));
    expect(r?.suggestion.text).toBe('42;');
  });

  it('abandons a superseded request without the new one waiting behind it', async () => {
    ep.setKnobs({ tokensPerSecond: 50 });
    const { engine, client, samples, streams, log } = setup();
    const slow = engine.provide(request('slow = ', ''));
    await new Promise((r) => setTimeout(r, 100));
    const quick = await engine.provide(request('quick = ', ''));
    expect(quick?.suggestion.text).toBe('1;');
    // The slow reply needs 8 s at this pace: it was cancelled, not waited for.
    expect(await streams[0].done).toMatchObject({ status: 'cancelled' });
    // One request per keystroke that needed the model; every other stream is the speculation for
    // the text after the quick answer, which may or may not be out yet when the answer returns.
    expect(log.count('keystroke')).toBe(2);
    expect(log.count('speculative')).toBeLessThanOrEqual(1);
    expect(streams).toHaveLength(log.count());
    void slow;
    await new Promise((r) => setTimeout(r, 50));
    expect(samples.some((s) => s.outcome === 'abandoned')).toBe(true);
    expect(client.stats().openRequests).toBeLessThanOrEqual(1);
  });

  it('native fill-in-the-middle over HTTP with a rendered template', async () => {
    const { engine, sent } = setup({ api: 'completions', fimTemplate: 'qwen' }, ep.httpUrl, 'completions');
    const r = await engine.provide(request('function add(a, b) {', '', { languageId: 'javascript', filePath: 'add.js' }));
    expect(sent[0].fim?.prefix).toContain('<|fim_prefix|>function add(a, b) {<|fim_suffix|><|fim_middle|>');
    expect(r?.suggestion.text).toBe('\n  return a + b;\n}');
  });
});
