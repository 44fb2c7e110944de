import { describe, expect, it } from 'vitest';
import type { RouteRequest } from '../../src/router/routeTypes';
import type { EditModels, EditTarget } from '../../src/rewrite/rewriteTypes';
import { startRewrite, type RewriteAsk } from '../../src/rewrite/startRewrite';
import type { ModelError } from '../../src/transport/modelError';
import { until } from '../../support/until.mjs';
import { FakeModelClient } from '../support/fakeModelClient';

const target: EditTarget = {
  startLine: 2,
  lines: ['function area(w, h) {', '  return w * h;', '}'],
  context: { path: 'src/a.ts', languageId: 'typescript', before: '', after: '' },
  files: ['src/a.ts'],
};

function harness(contextTokens = 100_000) {
  const fast = new FakeModelClient({ model: 'fast-model' });
  const full = new FakeModelClient({ model: 'full-model' });
  const routed: RouteRequest[] = [];
  const models: EditModels = {
    route: (r) => {
      routed.push(r);
      const deep = r.text.startsWith('/deep');
      return { target: deep ? 'full' : 'fast', reasons: [deep ? 'asked for the full model' : 'single file'], text: r.text.replace(/^\/deep\s*/, '') };
    },
    client: (t) => (t === 'fast' ? fast : full),
    contextTokens: () => contextTokens,
  };
  const fallbacks: { reason: string; error: ModelError; model: string }[] = [];
  const ask = (over: Partial<RewriteAsk> = {}): RewriteAsk => ({
    instruction: 'rename w and h',
    references: [],
    label: (reasons) => `edit: ${reasons.join('; ')}`,
    onFallback: (reason, error, client) => fallbacks.push({ reason, error, model: client.model }),
    ...over,
  });
  return { fast, full, routed, models, fallbacks, ask };
}

describe('startRewrite', () => {
  it('routes by the prompt and the files, and sends the instruction without its override prefix', () => {
    const h = harness();
    const started = startRewrite(h.models, target, h.ask({ instruction: '/deep rename w and h' }));
    expect(h.routed).toEqual([expect.objectContaining({ surface: 'edit', text: '/deep rename w and h', files: ['src/a.ts'] })]);
    expect(started.decision.target).toBe('full');
    expect(started.client).toBe(h.full);
    expect(h.full.last.request).toMatchObject({ surface: 'edit', label: 'edit: asked for the full model' });
    expect(JSON.stringify(h.full.last.request.input)).toContain('rename w and h');
    expect(JSON.stringify(h.full.last.request.input)).not.toContain('/deep');
    expect(h.full.last.request.temperature).toBeUndefined();
  });

  it('counts the references in the estimate and leaves out what does not fit, saying so', () => {
    const h = harness(1_500);
    const big = { path: 'src/big.ts', text: 'x'.repeat(40_000) };
    const small = { path: 'src/small.ts', text: 'const s = 1;' };
    const started = startRewrite(h.models, target, h.ask({ references: [big, small] }));
    expect(h.routed[0].tokenEstimate).toBeGreaterThan(10_000);
    expect(started.decision.reasons.at(-1)).toMatch(/^left out to fit the context: .*src\/big\.ts/);
    const input = JSON.stringify(h.fast.last.request.input);
    expect(input).toContain('src/small.ts');
    expect(input).not.toContain('x'.repeat(100));
    expect(started.request.label).toContain('left out to fit the context');
  });

  it('asks for a temperature only when given one', () => {
    const h = harness();
    startRewrite(h.models, target, h.ask({ temperature: 0.6 }));
    expect(h.fast.last.request.temperature).toBe(0.6);
  });

  it('moves a full-model rewrite that fails before any text to the fast model, and says why', async () => {
    const h = harness();
    const started = startRewrite(h.models, target, h.ask({ instruction: '/deep rename w and h' }));
    const text = (async () => {
      let out = '';
      for await (const d of started.stream) out += d;
      return out;
    })();
    h.full.last.fail('no route to host');
    await until('the fallback is noted', () => h.fallbacks.length > 0);
    expect(h.fallbacks).toEqual([expect.objectContaining({ model: 'fast-model', reason: expect.stringContaining('ran on the fast model') })]);
    h.fast.last.push('function area(width, height) {');
    h.fast.last.end();
    expect(await text).toBe('function area(width, height) {');
    expect(h.fast.last.request.model).toBeUndefined();
  });

  it('does not fall back from the fast model', () => {
    const h = harness();
    const started = startRewrite(h.models, target, h.ask());
    expect(started.stream).toBe(h.fast.last);
  });
});
