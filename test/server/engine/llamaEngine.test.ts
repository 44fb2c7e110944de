import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/server/engine/createEngine';
import type { Engine, GenerationRequest, TokenPiece } from '../../../src/server/engine/engine';

// Real inference on the generated tiny model (created and validated on first use).
let engine: Engine;
beforeAll(async () => {
  engine = await createEngine({ engine: 'tiny', log: () => undefined });
}, 120_000);
afterAll(() => engine?.close());

async function collect(request: Omit<GenerationRequest, 'signal'>, signal = new AbortController().signal) {
  const pieces: TokenPiece[] = [];
  for await (const p of engine.generate({ ...request, signal })) pieces.push(p);
  return { text: pieces.map((p) => p.text).join(''), tokens: pieces.reduce((n, p) => n + p.tokens, 0) };
}

describe('llama engine (tiny model)', () => {
  it('streams real tokens, identically on every run', async () => {
    const prompt = { kind: 'chat' as const, instructions: 'be brief', messages: [{ role: 'user' as const, content: 'hello' }] };
    const a = await collect({ prompt, maxTokens: 50 });
    const b = await collect({ prompt, maxTokens: 50 });
    expect(a.tokens).toBe(50);
    expect(a.text.length).toBeGreaterThan(10);
    expect(b.text).toBe(a.text);
    const other = await collect({ prompt: { kind: 'text', text: 'something else entirely' }, maxTokens: 50 });
    expect(other.text).not.toBe(a.text);
    expect(await engine.countPromptTokens(prompt)).toBeGreaterThan(5);
  });

  it('runs long without stopping at end-of-sequence, and fills in the middle', async () => {
    const long = await collect({ prompt: { kind: 'text', text: 'x' }, maxTokens: 400 });
    expect(long.tokens).toBe(400);
    const fim = await collect({ prompt: { kind: 'fim', prefix: 'function f(', suffix: ') {}' }, maxTokens: 20 });
    expect(fim.tokens).toBe(20);
  });

  it('stops promptly when aborted, and serves the next request', async () => {
    const controller = new AbortController();
    let tokens = 0;
    let afterAbort = 0;
    for await (const p of engine.generate({ prompt: { kind: 'text', text: 'abort me' }, maxTokens: 4000, signal: controller.signal })) {
      tokens += p.tokens;
      if (controller.signal.aborted) afterAbort++;
      if (tokens >= 10 && !controller.signal.aborted) controller.abort();
    }
    expect(tokens).toBeLessThan(200);
    expect(afterAbort).toBeLessThan(100);
    expect((await collect({ prompt: { kind: 'text', text: 'next' }, maxTokens: 5 })).tokens).toBe(5);
  });

  it('serves concurrent generations on separate sequences', async () => {
    const prompts = ['one', 'two', 'three', 'four', 'five', 'six'].map((text) => ({ kind: 'text' as const, text }));
    const results = await Promise.all(prompts.map((prompt) => collect({ prompt, maxTokens: 30 })));
    expect(results.every((r) => r.tokens === 30)).toBe(true);
    expect((await collect({ prompt: prompts[0], maxTokens: 30 })).text).toBe(results[0].text);
  });

  it('warms a prompt without generating when asked for zero tokens', async () => {
    const warm = await collect({ prompt: { kind: 'fim', prefix: 'const a = ', suffix: ';' }, maxTokens: 0 });
    expect(warm).toEqual({ text: '', tokens: 0 });
  });

  it('reports what a warm-up reuses: the same prompt again is all cached, a longer one all but its tail', async () => {
    const seen: { tokens: number; cached: number }[] = [];
    const onPrompt = (p: { tokens: number; cached: number }) => void seen.push(p);
    const prompt = { kind: 'fim' as const, prefix: 'let warmed = [1, 2, 3];\nconst total = ', suffix: '' };
    await collect({ prompt, maxTokens: 0, onPrompt });
    await collect({ prompt, maxTokens: 0, onPrompt });
    await collect({ prompt: { ...prompt, suffix: 'done();' }, maxTokens: 0, onPrompt });
    expect(seen).toHaveLength(3);
    expect(seen[1]).toEqual({ tokens: seen[0].tokens, cached: seen[0].tokens });
    expect(seen[2].tokens).toBeGreaterThan(seen[0].tokens);
    expect(seen[2].cached).toBeGreaterThan(0);
    expect(seen[2].cached).toBeLessThan(seen[2].tokens);
  });
});
