import { describe, expect, it } from 'vitest';
import { buildModelRequest, type PromptInput } from '../../src/completions/completionPrompt';
import { CURSOR_MARKER, cursorMarkerFor } from '../../src/completions/cursorMarker';
import { modelTextNormalizer } from '../../src/completions/filters/filterPipeline';

const context = (prefix: string, suffix = '', snippets: string[] = []) => ({ prefix, suffix, snippets: snippets.map((text) => ({ path: 'lib.ts', text })), tokens: 10 });

describe('cursorMarkerFor', () => {
  it('is the usual marker when the code does not hold it', () => {
    expect(cursorMarkerFor(context('const a = ', ';\n', ['export const A = 1;']))).toBe(CURSOR_MARKER);
  });

  it('is one the code does not hold when the prefix, the suffix or a snippet holds the usual one', () => {
    expect(cursorMarkerFor(context("const M = '<|cursor|>';\nconst a = "))).toBe('<|cursor-1|>');
    expect(cursorMarkerFor(context('const a = ', "\nconst M = '<|cursor|>';"))).toBe('<|cursor-1|>');
    expect(cursorMarkerFor(context('const a = ', '', ["'<|cursor|>'"]))).toBe('<|cursor-1|>');
    expect(cursorMarkerFor(context("'<|cursor|>' '<|cursor-1|>'", "'<|cursor-2|>'"))).toBe('<|cursor-3|>');
  });
});

describe('the instruct prompt with a marker the code holds', () => {
  const base: PromptInput = {
    api: 'responses',
    fimTemplate: 'qwen',
    context: context("const M = '<|cursor|>';\nconst a = ", ';\n'),
    languageId: 'typescript',
    filePath: 'src/a.ts',
    mode: { kind: 'line' },
    maxLines: 30,
  };

  it('names the marker it uses and puts it at the cursor, once', () => {
    const marker = cursorMarkerFor(base.context);
    const content = buildModelRequest({ ...base, cursorMarker: marker }).input[0].content;
    expect(content).toContain(`here the cursor is marked ${marker}.`);
    expect(content.endsWith(`const a = ${marker};\n`)).toBe(true);
    // The code's own text is sent as it is.
    expect(content).toContain("const M = '<|cursor|>';\n");
    expect(content.split(marker).length - 1).toBe(2);
  });

  it('the usual prompt says nothing of markers', () => {
    const content = buildModelRequest({ ...base, context: context('const a = ', ';\n') }).input[0].content;
    expect(content).not.toContain('here the cursor is marked');
  });

  it('a reply echoing the marker used loses it, and keeps the usual marker typed as code', () => {
    const normalize = modelTextNormalizer("const N = '", '<|cursor-1|>');
    expect(normalize("<|cursor-1|><|cursor|>';", true)).toBe("<|cursor|>';");
    // Mid-stream, the start of the marker in use is held back until it is known.
    expect(normalize("<|cursor|>'; <|cur", false)).toBe("<|cursor|>';");
  });
});
