import { describe, expect, it } from 'vitest';
import { defaultConfig, parseConfig } from '../../src/config/config';

describe('parseConfig', () => {
  it('gives the documented defaults when nothing is set', () => {
    const c = defaultConfig();
    expect(c['fast.url']).toBe('wss://api.openai.com/v1/responses');
    expect(c['fast.model']).toBe('gpt-5.3-codex-spark');
    expect(c['full.url']).toBe('https://api.openai.com/v1');
    expect(c['full.model']).toBe('gpt-5.3-codex');
  });

  it('keeps valid values', () => {
    const { config, problems } = parseConfig((k) => (k === 'fast.url' ? 'ws://127.0.0.1:9/v1/responses' : undefined));
    expect(problems).toEqual([]);
    expect(config['fast.url']).toBe('ws://127.0.0.1:9/v1/responses');
  });

  it('replaces an invalid value by its default and names the setting and the fix', () => {
    const { config, problems } = parseConfig((k) => (k === 'fast.url' ? 'not a url' : k === 'router.mode' ? 'fastest' : undefined));
    expect(config['fast.url']).toBe('wss://api.openai.com/v1/responses');
    expect(config['router.mode']).toBe('auto');
    expect(problems.map((p) => p.setting)).toEqual(['flint.fast.url', 'flint.router.mode']);
    expect(problems[0]!.message).toContain('flint.fast.url');
    expect(problems[0]!.message).toContain('Using the default');
  });

  it('never throws on values of the wrong type', () => {
    expect(() => parseConfig(() => ({ weird: Symbol('x') }))).not.toThrow();
  });
});

describe('parseConfig problem messages', () => {
  it('never echo a key-shaped value and cut long values', () => {
    const { problems } = parseConfig((k) => (k === 'fast.url' ? 'sk-proj-abcdefghijklmnop' : k === 'full.url' ? 'x'.repeat(10_000) : undefined));
    expect(problems[0]!.message).not.toContain('abcdefghijklmnop');
    expect(problems[1]!.message.length).toBeLessThan(400);
  });
});
