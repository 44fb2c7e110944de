import { describe, expect, it } from 'vitest';
import { formatLastRequest } from '../../src/metrics/formatLastRequest';
import { formatCompactRate, formatCount, formatMs, formatPercent } from '../../src/metrics/formatNumbers';
import type { RequestSample } from '../../src/metrics/requestSample';

describe('formatLastRequest', () => {
  const chat: RequestSample = {
    surface: 'chat',
    route: 'full',
    outcome: 'used',
    marks: { created: 100, sent: 100.8, firstToken: 242, done: 742, outputTokens: 601 },
  };

  it('shows first-token time and speed, details in the tooltip', () => {
    expect(formatLastRequest(chat)).toEqual({
      text: '142 ms · 1.2k tok/s',
      tooltip: 'Last request: chat, full model (used)\nFirst token: 142 ms (sent after 0.8 ms)\nSpeed: 1,200 tokens/s, 601 tokens',
    });
  });

  it('shows the first-token time alone when the speed cannot be measured yet', () => {
    const ghost: RequestSample = {
      surface: 'completion',
      route: 'fast',
      outcome: 'abandoned',
      marks: { created: 0, firstToken: 3.24, outputTokens: 1 },
      keystrokeToItemsMs: 41.6,
    };
    expect(formatLastRequest(ghost)).toEqual({
      text: '3.2 ms',
      tooltip: 'Last request: ghost text, fast model (abandoned)\nFirst token: 3.2 ms\nProvider called to item: 42 ms',
    });
  });

  it('names the model that answered and where it runs', () => {
    const local = formatLastRequest({ ...chat, route: 'fast', model: { name: 'flint-code-6m', local: true } });
    expect(local.text).toBe('flint-code-6m 142 ms · 1.2k tok/s');
    expect(local.tooltip.split('\n')[0]).toBe('Last request: chat, fast model flint-code-6m, local (used)');
    expect(formatLastRequest({ ...chat, model: { name: 'gpt-5.3-codex', local: false } }).tooltip).toMatch(/^Last request: chat, full model gpt-5.3-codex, remote \(used\)/);
  });

  it('is empty before any request had a first token', () => {
    expect(formatLastRequest(undefined)).toEqual({ text: '', tooltip: '' });
    expect(formatLastRequest({ ...chat, marks: { created: 0, outputTokens: 0 } })).toEqual({ text: '', tooltip: '' });
  });
});

describe('number formats', () => {
  it('formats durations, rates, counts and shares', () => {
    expect([formatMs(0.04), formatMs(9.96), formatMs(10.4), formatMs(9999), formatMs(12_345)]).toEqual([
      '0.0 ms',
      '10 ms',
      '10 ms',
      '9999 ms',
      '12.3 s',
    ]);
    expect([formatCompactRate(840.4), formatCompactRate(1234), formatCompactRate(15_400)]).toEqual(['840', '1.2k', '15k']);
    expect([formatCount(0), formatCount(1234567.4)]).toEqual(['0', '1,234,567']);
    expect([formatPercent(undefined), formatPercent(0.256)]).toEqual(['–', '26%']);
  });
});
