import { describe, expect, it } from 'vitest';
import { buildEditPrompt, maxOutputTokensFor, surroundingLines } from '../../src/rewrite/editPrompt';

describe('buildEditPrompt', () => {
  it('puts the project context (definitions, diagnostics) before the file, as context only', () => {
    const p = buildEditPrompt(['f(x);'], 'fix it', { path: 'a.ts', languageId: 'typescript', before: '', after: '', related: '## Problems the editor reports near here\na.ts:1: error: x' });
    const content = p.input[0].content;
    expect(content).toContain('From the project (context only):\n## Problems the editor reports near here\na.ts:1: error: x');
    expect(content.indexOf('From the project')).toBeLessThan(content.indexOf('File: a.ts'));
  });

  const context = { path: 'src/a.ts', languageId: 'typescript', before: 'import x;', after: '' };

  it('asks for the rewritten region only, with context marked as context', () => {
    const p = buildEditPrompt(['let a = 1;'], 'use const', context);
    expect(p.instructions).toMatch(/ONLY the complete rewritten region/);
    expect(p.instructions).toMatch(/No Markdown code fences/);
    const text = p.input[0].content;
    expect(text).toContain('<above>\nimport x;\n</above>');
    expect(text).toContain('<region>\nlet a = 1;\n</region>');
    expect(text).toContain('The region ends the file.');
    expect(text.trim().endsWith('Instruction: use const')).toBe(true);
    expect(p.tokenEstimate).toBe(Math.ceil((p.instructions.length + text.length) / 4));
  });

  it('keeps the instructions identical across requests (server-side reuse)', () => {
    expect(buildEditPrompt(['a'], 'x', context).instructions).toBe(buildEditPrompt(['b'], 'y', context, { instruction: 'z', output: 'q' }).instructions);
  });

  it('sizes the output budget from the region', () => {
    expect(maxOutputTokensFor(['x'])).toBe(1024);
    expect(maxOutputTokensFor([('y'.repeat(99) + '\n').repeat(50)])).toBeGreaterThan(2500);
  });
});

describe('surroundingLines', () => {
  it('takes two lines above for one below within the budget', () => {
    const lines = ['a0', 'a1', 'a2', 'a3', 'R', 'b0', 'b1', 'b2'];
    expect(surroundingLines(lines, 4, 5, 9)).toEqual({ before: 'a2\na3', after: 'b0' });
    expect(surroundingLines(lines, 4, 5, 1000)).toEqual({ before: 'a0\na1\na2\na3', after: 'b0\nb1\nb2' });
  });
});
