import { describe, expect, it } from 'vitest';
import { buildModelRequest, COMPLETION_INSTRUCTIONS, type PromptInput } from '../../src/completions/completionPrompt';

const base: PromptInput = {
  api: 'responses',
  fimTemplate: 'qwen',
  context: { prefix: 'let a = ', suffix: ';\n', snippets: [{ path: 'lib.ts', text: 'export const A = 1;' }], tokens: 10 },
  languageId: 'typescript',
  filePath: 'src/a.ts',
  mode: { kind: 'line' },
  maxLines: 30,
};

describe('buildModelRequest', () => {
  it('instruct: stable instructions, snippets first, the file with a cursor marker last', () => {
    const r = buildModelRequest(base);
    expect(r.instructions).toBe(COMPLETION_INSTRUCTIONS);
    expect(r.fim).toBeUndefined();
    const content = r.input[0].content;
    expect(content.indexOf('--- lib.ts')).toBeLessThan(content.indexOf('let a = <|cursor|>;\n'));
    expect(content.endsWith('let a = <|cursor|>;\n')).toBe(true);
    expect(r.surface).toBe('completion');
  });

  it('instruct: snippets of a context section go under its own heading, other files\u2019 code under the usual one', () => {
    const snippets = [
      { path: 'src/math.ts:3', text: 'function addCents(a: number, b: number): number', section: 'Definitions of names used here (from their files)' },
      { path: 'lib.ts', text: 'export const A = 1;' },
      { path: 'src/money.ts:1', text: 'interface Money {}', section: 'Definitions of names used here (from their files)' },
    ];
    const content = buildModelRequest({ ...base, context: { ...base.context, snippets } }).input[0].content;
    expect(content).toContain('Definitions of names used here (from their files):\n--- src/math.ts:3\nfunction addCents(a: number, b: number): number\n--- src/money.ts:1\ninterface Money {}\nRelated code from other files:\n--- lib.ts\n');
  });

  it('instruct: a block request says so and allows more output', () => {
    const line = buildModelRequest(base);
    const block = buildModelRequest({ ...base, mode: { kind: 'block', indent: 0 } });
    expect(block.input[0].content).toContain('at most 30 lines');
    expect(block.maxOutputTokens!).toBeGreaterThan(line.maxOutputTokens!);
  });

  it('infill: raw prefix and suffix for the server to template, snippets as comments', () => {
    const r = buildModelRequest({ ...base, api: 'infill' });
    expect(r.fim).toEqual({ prefix: '// Path: lib.ts\n// export const A = 1;\nlet a = ', suffix: ';\n' });
    expect(r.input).toEqual([]);
  });

  it('completions: the template rendered into one prompt with its stop tokens', () => {
    const r = buildModelRequest({ ...base, api: 'completions', fimTemplate: 'starcoder2' });
    expect(r.fim?.prefix).toContain('<fim_prefix>let a = <fim_suffix>;\n<fim_middle>');
    expect(r.fim?.suffix).toBe('');
    expect(r.stop).toContain('<fim_prefix>');
  });
});
