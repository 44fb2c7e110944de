import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log/logger';
import { startEndpoint, type EndpointHandle } from '../../src/server/startEndpoint';
import { streamTestModel } from '../../src/tests/streamTestModel';
import { createModelClient } from '../../src/transport/createModelClient';
import type { ModelClient } from '../../src/transport/modelClient';

let endpoint: EndpointHandle;
let client: ModelClient;
const routed: { files: string[] }[] = [];
let active = 0;

beforeAll(async () => {
  endpoint = await startEndpoint({ engine: 'scripted', script: { rules: [{ match: { user: 'Write the tests of `area`' }, reply: "it('multiplies', () => {});\n" }] }, knobs: { tokensPerSecond: 200, firstTokenDelayMs: 0 } });
  client = createModelClient({ role: 'fast', model: 'gpt-5.3-codex-spark', url: endpoint.url, httpApi: 'responses', allowInsecure: false, firstTokenTimeoutMs: 10_000, stallTimeoutMs: 10_000, log: silentLogger });
});
afterAll(async () => {
  client.dispose();
  await endpoint.close();
});

const model = () =>
  streamTestModel({
    route: (r) => {
      routed.push({ files: r.files });
      return { target: 'fast', reasons: ['1 file'], text: r.text };
    },
    fast: () => client,
    full: () => client,
    beginGeneration: () => {
      active++;
      return () => active--;
    },
    log: silentLogger,
  });

describe('streamTestModel over the local endpoint', () => {
  it("streams the answer to its end through the router's choice, with the model's own time", async () => {
    const answer = await model()({ instructions: 'Write tests.', input: 'Write the tests of `area` from s.ts.', files: ['s.ts'] }, new AbortController().signal);
    expect(answer.text).toBe("it('multiplies', () => {});\n");
    expect(answer.model).toMatch(/gpt-5\.3-codex-spark \(fast: 1 file\)/);
    expect(answer.modelMs).toBeGreaterThan(0);
    expect(routed.at(-1)).toEqual({ files: ['s.ts'] });
    expect(active).toBe(0);
  });

  it('an abort cancels the stream and rejects', async () => {
    endpoint.setKnobs({ tokensPerSecond: 2 });
    const controller = new AbortController();
    const pending = model()({ instructions: 'Write tests.', input: 'Write the tests of `area`.', files: ['s.ts'] }, controller.signal);
    setTimeout(() => controller.abort(), 200);
    await expect(pending).rejects.toThrow('cancelled');
    expect(active).toBe(0);
  });
});
