import { describe, expect, it } from 'vitest';
import { localModelSettings } from '../../scripts/localModelSettings.mjs';

const endpoint = { wsUrl: 'ws://127.0.0.1:4000/v1/responses', httpUrl: 'http://127.0.0.1:4000/v1' };
const urls = { 'flint.fast.url': endpoint.wsUrl, 'flint.full.url': endpoint.httpUrl };

describe('localModelSettings', () => {
  it('points Flint at the endpoint alone when it serves no real model (scripted replies)', () => {
    expect(localModelSettings(endpoint, { data: [{ id: 'gpt-5.3-codex-spark' }] })).toEqual(urls);
  });

  it('sends ghost text to /infill for a fill-in-the-middle model and keeps its prompt inside the context', () => {
    const meta = { n_ctx: 32768, fill_in_the_middle: true, chat_template: true, chars_per_token: 3.6 };
    expect(localModelSettings(endpoint, { data: [{ id: 'qwen2.5-coder', meta }] })).toEqual({
      ...urls,
      'flint.fast.model': 'qwen2.5-coder',
      'flint.full.model': 'qwen2.5-coder',
      'flint.completions.api': 'infill',
      'flint.completions.url': endpoint.httpUrl,
      'flint.modelKind': 'instruct',
      'flint.context.tokenBudget': 4096,
      'flint.full.contextTokens': 29491,
      'flint.completions.maxLines': 8,
    });
  });

  it('keeps ghost text on the Responses API for a model without fill-in-the-middle tokens, with a budget its context holds', () => {
    const meta = { n_ctx: 2048, fill_in_the_middle: false, chat_template: true, chars_per_token: 4 };
    const s = localModelSettings(endpoint, { data: [{ id: 'chatty', meta }] });
    expect(s['flint.completions.api']).toBeUndefined();
    expect(s['flint.context.tokenBudget']).toBe(1536);
    expect(s['flint.full.contextTokens']).toBe(2048);
  });

  it('marks a model whose chat template cannot call tools as instruct-no-tools, and one the endpoint says nothing of as instruct', () => {
    const meta = { n_ctx: 8192, fill_in_the_middle: false, chat_template: true, chars_per_token: 1 };
    expect(localModelSettings(endpoint, { data: [{ id: 'chatml', meta: { ...meta, tools: false } }] })['flint.modelKind']).toBe('instruct-no-tools');
    expect(localModelSettings(endpoint, { data: [{ id: 'qwen', meta: { ...meta, tools: true } }] })['flint.modelKind']).toBe('instruct');
    expect(localModelSettings(endpoint, { data: [{ id: 'older', meta }] })['flint.modelKind']).toBe('instruct');
    expect(localModelSettings(endpoint, { data: [{ id: 'base', meta: { ...meta, chat_template: false, tools: false } }] })['flint.modelKind']).toBe('completion');
  });

  it('never asks for less than the smallest budget Flint accepts', () => {
    const meta = { n_ctx: 512, fill_in_the_middle: true, chat_template: false, chars_per_token: 1 };
    const s = localModelSettings(endpoint, { data: [{ id: 'small', meta }] });
    expect(s['flint.context.tokenBudget']).toBe(256);
    expect(s['flint.full.contextTokens']).toBe(1024);
  });
});
