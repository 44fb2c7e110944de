import { describe, expect, it } from 'vitest';
import { routeModeChoices, routeModeLabel } from '../../src/router/routeModeLabel';

const models = { fast: 'spark', full: 'codex' };

describe('routeModeLabel', () => {
  it('explains automatic routing with the current thresholds', () => {
    const l = routeModeLabel({ mode: 'auto', fileThreshold: 3, fastContextTokens: 100_000 }, models);
    expect(l.text).toBe('$(arrow-swap) Auto');
    expect(l.tooltip).toContain('full model (codex) when they span 3 or more files');
    expect(l.tooltip).toContain('more than 100,000 tokens');
    expect(l.tooltip).toContain('/deep');
  });

  it('names the forced model', () => {
    expect(routeModeLabel({ mode: 'fast', fileThreshold: 2, fastContextTokens: 1024 }, models)).toMatchObject({
      text: '$(rocket) Fast',
      tooltip: expect.stringContaining('always the fast model (spark)'),
    });
    expect(routeModeLabel({ mode: 'full', fileThreshold: 2, fastContextTokens: 1024 }, models).text).toBe('$(library) Full');
  });
});

describe('routeModeChoices', () => {
  it('offers the three modes and marks the current one only', () => {
    const choices = routeModeChoices('fast', models);
    expect(choices.map((c) => c.mode)).toEqual(['auto', 'fast', 'full']);
    expect(choices.filter((c) => c.description.startsWith('$(check)')).map((c) => c.mode)).toEqual(['fast']);
  });
});
