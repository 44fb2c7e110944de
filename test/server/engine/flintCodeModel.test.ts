import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/server/engine/createEngine';
import type { Engine, GenerationRequest, PromptEvaluation } from '../../../src/server/engine/engine';

// The code model `npm start` serves offline, loaded through the endpoint's own engine on one
// thread. Greedy decoding is deterministic: its answers are facts of the model file.
const MODEL = join(import.meta.dirname, '..', '..', '..', 'models', 'flint-code-6m.gguf');

let engine: Engine;
beforeAll(async () => {
  engine = await createEngine({ engine: 'llama', modelPath: MODEL, threads: 1, log: () => undefined });
}, 120_000);
afterAll(() => engine?.close());

async function answer(request: Omit<GenerationRequest, 'signal'>): Promise<string> {
  let text = '';
  for await (const p of engine.generate({ ...request, signal: new AbortController().signal })) text += p.text;
  return text;
}

describe('flint-code-6m through the llama engine', () => {
  it('names its fill-in-the-middle tokens, its context length and its byte-level vocabulary', () => {
    expect(engine.facts).toEqual({
      file: 'flint-code-6m.gguf',
      contextLength: 2048,
      fimTokens: { prefix: 257, suffix: 258, middle: 259 },
      chatTemplate: false,
      tools: false,
      charsPerToken: 1,
      threads: 1,
    });
  });

  it('fills in the middle greedily, the same answer every time', async () => {
    const prefix = 'class Stack {\n  constructor() {\n    this.items = [];\n  }\n  push(item) {\n    this.items.push(';
    const prompt = { kind: 'fim' as const, prefix, suffix: '\n  }\n}\n' };
    const first = await answer({ prompt, maxTokens: 16 });
    expect(first).toBe('item);\n  this.it');
    expect(await answer({ prompt, maxTokens: 16 })).toBe(first);
  });

  it('reads fill-in-the-middle tokens written into a raw prompt as the tokens themselves', async () => {
    const prefix = 'function add(a, b) {\n  return ';
    const suffix = ';\n}\n';
    const fim = await answer({ prompt: { kind: 'fim', prefix, suffix }, maxTokens: 24 });
    const templated = await answer({ prompt: { kind: 'text', text: `<|fim_prefix|>${prefix}<|fim_suffix|>${suffix}<|fim_middle|>` }, maxTokens: 24 });
    expect(templated).toBe(fim);
    expect(await engine.countPromptTokens({ kind: 'text', text: `<|fim_prefix|>${prefix}<|fim_suffix|>${suffix}<|fim_middle|>` })).toBe(prefix.length + suffix.length + 3);
  });

  it('reports how much of a prompt it reused from the request before', async () => {
    const seen: PromptEvaluation[] = [];
    const onPrompt = (p: PromptEvaluation) => void seen.push(p);
    const prefix = 'export function total(values: number[]): number {\n  let sum = 0;\n  for (const v of values) ';
    await answer({ prompt: { kind: 'fim', prefix, suffix: '\n  return sum;\n}\n' }, maxTokens: 8, onPrompt });
    await answer({ prompt: { kind: 'fim', prefix: `${prefix}{`, suffix: '\n  return sum;\n}\n' }, maxTokens: 8, onPrompt });
    expect(seen[0].tokens).toBe(prefix.length + 17 + 3);
    // The second prompt differs from the first only after the prefix: all of that is reused.
    expect(seen[1].tokens).toBe(seen[0].tokens + 1);
    expect(seen[1].cached).toBe(1 + prefix.length);
  });
});
