import { afterEach, describe, expect, it } from 'vitest';
import type { DialectName } from '../../../src/server/dialect/dialect';
import type { ModelClientOptions } from '../../../src/transport/clientOptions';
import type { InputMessage, ModelRequest } from '../../../src/transport/modelClient';
import { TEST_SCRIPT } from '../../server/testFixture';
import { httpHarness, type HttpHarness } from './httpHarness';

// The HTTP client against the local endpoint speaking as llama.cpp, vLLM and Ollama do.
let h: HttpHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const harness = async (dialect: DialectName, client: Partial<ModelClientOptions> = {}) =>
  (h = await httpHarness({ endpoint: { dialect, script: TEST_SCRIPT, knobs: { tokensPerSecond: 0 } }, client }));

/** Three chat turns as the chat view sends them: chained on the last answer, with the whole history beside. */
async function threeTurns(dialect: DialectName): Promise<string[]> {
  const { client } = await harness(dialect);
  const history: InputMessage[] = [];
  const answers: string[] = [];
  let previous: string | undefined;
  for (const content of ['remember this', 'recall', 'recall']) {
    const user: InputMessage = { role: 'user', content };
    const request: ModelRequest = { surface: 'chat', input: [user], fullInput: [...history, user], ...(previous ? { previousResponseId: previous } : {}) };
    const result = await client.stream(request).done;
    expect(result.status, result.error?.message).toBe('completed');
    answers.push(result.text);
    history.push(user, { role: 'assistant', content: result.text });
    previous = result.responseId;
  }
  return answers;
}

describe('chat over the Responses API on servers that keep no responses', () => {
  it.each(['llama.cpp', 'ollama'] as const)('%s: the chain it ignored is resent whole, and later turns go out whole', async (dialect) => {
    expect(await threeTurns(dialect)).toEqual(['You said: remember this', 'You first said: remember this', 'You first said: remember this']);
  });

  it('vLLM (store off): the 404 for the previous response is answered by resending the conversation', async () => {
    expect(await threeTurns('vllm')).toEqual(['You said: remember this', 'You first said: remember this', 'You first said: remember this']);
  });

  it('the endpoint\'s own way keeps the chain', async () => {
    expect(await threeTurns('flint')).toEqual(['You said: remember this', 'You first said: remember this', 'You first said: remember this']);
  });
});

describe('ghost text', () => {
  it('/infill on a server without it fails with what to set instead', async () => {
    const { client } = await harness('vllm', { fimApi: 'infill', httpApi: 'chat' });
    const result = await client.stream({ surface: 'completion', input: [], fim: { prefix: 'a', suffix: 'b' } }).done;
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe('config');
    expect(result.error?.message).toMatch(/has no \/infill \(HTTP 404: Not Found\).*"flint\.completions\.api" to completions/);
  });

  it('Ollama\'s zero usage on every chunk does not end the stream early or count zero tokens', async () => {
    const { client } = await harness('ollama', { fimApi: 'completions', httpApi: 'chat' });
    const result = await client.stream({ surface: 'completion', input: [], fim: { prefix: 'const x = ', suffix: '' }, maxOutputTokens: 64 }).done;
    expect(result).toMatchObject({ status: 'completed', text: ' /* done */' });
    expect(result.outputTokens).toBeGreaterThan(0);
  });
});

describe('a ws:// URL to a server without the WebSocket', () => {
  it('goes over HTTP from the first request, and says which URL to use instead', async () => {
    const { ep } = await harness('ollama');
    const { createModelClient } = await import('../../../src/transport/createModelClient');
    const warnings: string[] = [];
    const client = createModelClient({
      role: 'fast',
      url: `ws://127.0.0.1:${ep.port}/v1`,
      model: 'gpt-5.3-codex-spark',
      httpApi: 'responses',
      allowInsecure: false,
      firstTokenTimeoutMs: 5000,
      stallTimeoutMs: 5000,
      log: { trace() {}, debug() {}, info() {}, warn: (m: string) => void warnings.push(m), error() {} },
    });
    try {
      const result = await client.stream({ surface: 'chat', input: [{ role: 'user', content: 'hello' }] }).done;
      expect(result.status).toBe('completed');
      const note = warnings.find((w) => w.includes('Sending over HTTP instead.'));
      expect(note).toMatch(/\(HTTP 404\): no Responses API WebSocket at this URL; a self-hosted server \(llama\.cpp, vLLM, Ollama\) takes http:\/\/host:port\/v1/);
      expect(note).toContain(`set "flint.fast.url" to http://127.0.0.1:${ep.port}/v1.`);
    } finally {
      client.dispose();
    }
  });
});
