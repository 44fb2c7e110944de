import { describe, expect, it } from 'vitest';
import { completionSettings, enabledForLanguage } from '../../src/completions/completionSettings';
import { parseConfig } from '../../src/config/config';

describe('completion settings', () => {
  it('turns ghost text on or off per language, with "*" as the default', () => {
    const enable = { '*': true, markdown: false };
    expect(enabledForLanguage(enable, 'typescript')).toBe(true);
    expect(enabledForLanguage(enable, 'markdown')).toBe(false);
    expect(enabledForLanguage({ '*': false, python: true }, 'python')).toBe(true);
    expect(enabledForLanguage({ '*': false, python: true }, 'go')).toBe(false);
    expect(enabledForLanguage({}, 'go')).toBe(true);
  });

  it('reads the completions.* and context.* settings', () => {
    const raw: Record<string, unknown> = { 'completions.api': 'infill', 'completions.debounceMs': 25, 'context.tokenBudget': 2048, 'completions.eagerness': 'subtle' };
    const { config } = parseConfig((k) => raw[k]);
    expect(completionSettings(config)).toEqual({ api: 'infill', fimTemplate: 'qwen', maxLines: 30, tokenBudget: 2048, debounceMs: 25, eagerness: 'subtle' });
    expect(completionSettings(parseConfig(() => undefined).config).debounceMs).toBeNull();
    expect(completionSettings(parseConfig(() => undefined).config).eagerness).toBe('normal');
  });
});
