import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { route } from '../../src/router/route';
import { defaultRouterSettings, fixtureSettings, labelMismatches, loadRouteFixtures } from './routeFixtures';

const fixtures = loadRouteFixtures(join(__dirname, '../fixtures/router'));

describe('route: labelled fixtures', () => {
  it('has enough labelled requests in every category', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(60);
    const files = new Set(fixtures.map((f) => f.file));
    for (const f of ['single-file.json', 'multi-file.json', 'workspace-wide.json', 'overrides.json', 'near-misses.json']) {
      expect(files).toContain(f);
    }
  });

  it.each(fixtures.map((f) => [`${f.file}: ${f.name}`, f] as const))('%s', (_label, f) => {
    expect(labelMismatches(f, route(f.request, fixtureSettings(f)))).toEqual([]);
  });
});

describe('route', () => {
  const chat = (text: string, files: string[] = []) => ({ surface: 'chat' as const, text, files, tokenEstimate: 100 });

  it('returns the text unchanged when there is no override', () => {
    const text = '  keep my spacing  ';
    expect(route(chat(text), defaultRouterSettings).text).toBe(text);
  });

  it('gives every reason that applies, in a fixed order', () => {
    const d = route({ ...chat('rename Foo throughout', ['a.ts', 'b.ts']), tokenEstimate: 200_000 }, defaultRouterSettings);
    expect(d.target).toBe('full');
    expect(d.reasons).toEqual([
      'full model: 2 files referenced',
      'full model: workspace-wide request ("throughout")',
      'full model: needs ~200k tokens of context (fast model limit 100k)',
    ]);
  });

  it('counts a file named in prose and again as inline code once', () => {
    const d = route(chat('fix `src/a.ts`, the bug in a.ts'), defaultRouterSettings);
    expect(d).toMatchObject({ target: 'fast', reasons: ['fast model: single file'] });
  });
});
