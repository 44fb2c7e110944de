import { describe, expect, it } from 'vitest';
import { fimStops, fimTemplateNames, lineComment, renderFimPrompt } from '../../src/completions/fimTemplates';

const input = { prefix: 'def f():\n    ', suffix: '\nprint(f())', snippets: [], path: 'main.py', languageId: 'python' };

describe('fill-in-the-middle templates', () => {
  it.each([
    ['qwen', '<|repo_name|>workspace\n<|file_sep|>main.py\n<|fim_prefix|>def f():\n    <|fim_suffix|>\nprint(f())<|fim_middle|>'],
    ['flint', '<|fim_prefix|>def f():\n    <|fim_suffix|>\nprint(f())<|fim_middle|>'],
    ['starcoder2', '<repo_name>workspace<file_sep>main.py\n<fim_prefix>def f():\n    <fim_suffix>\nprint(f())<fim_middle>'],
    ['codestral', '[SUFFIX]\nprint(f())[PREFIX]def f():\n    '],
    ['deepseek', '<｜fim▁begin｜>def f():\n    <｜fim▁hole｜>\nprint(f())<｜fim▁end｜>'],
    ['codellama', '<PRE> def f():\n     <SUF>\nprint(f()) <MID>'],
  ] as const)('%s', (name, expected) => {
    expect(renderFimPrompt(name, input).prompt).toBe(expected);
  });

  it('has stop tokens for every template, including its own control tokens', () => {
    for (const name of fimTemplateNames) expect(fimStops(name).length).toBeGreaterThan(2);
    expect(fimStops('qwen')).toContain('<|endoftext|>');
    expect(fimStops('deepseek')).toContain('<｜fim▁begin｜>');
  });

  it('puts other files in the repository format when the model has one', () => {
    const p = renderFimPrompt('qwen', { ...input, snippets: [{ path: 'util.py', text: 'def g(): pass' }] }).prompt;
    expect(p.startsWith('<|repo_name|>workspace\n<|file_sep|>util.py\ndef g(): pass\n<|file_sep|>main.py\n<|fim_prefix|>')).toBe(true);
  });

  it('renders for flint-code-6m exactly what /infill evaluates: other files as comments before the prefix', () => {
    const p = renderFimPrompt('flint', { ...input, snippets: [{ path: 'util.py', text: 'def g(): pass' }] }).prompt;
    expect(p).toBe('<|fim_prefix|># Path: util.py\n# def g(): pass\ndef f():\n    <|fim_suffix|>\nprint(f())<|fim_middle|>');
  });

  it('puts other files in front of the prefix as comments otherwise', () => {
    const p = renderFimPrompt('deepseek', { ...input, snippets: [{ path: 'util.py', text: 'def g(): pass' }] }).prompt;
    expect(p).toBe('<｜fim▁begin｜># Path: util.py\n# def g(): pass\ndef f():\n    <｜fim▁hole｜>\nprint(f())<｜fim▁end｜>');
  });

  it('knows line comments of common languages', () => {
    expect(lineComment('python')).toBe('#');
    expect(lineComment('sql')).toBe('--');
    expect(lineComment('typescript')).toBe('//');
  });
});
