import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteDecision, RouteRequest, RouterSettings } from '../../src/router/routeTypes';

/** One labelled request of test/fixtures/router/*.json (shared by the test and the benchmark). */
export interface RouteFixture {
  file: string;
  name: string;
  request: RouteRequest;
  settings?: Partial<RouterSettings>;
  expect: {
    target: 'fast' | 'full';
    /** A substring of one of the reasons. */
    reason?: string;
    /** The exact reasons, in order. */
    reasons?: string[];
    /** decision.text, when the fixture checks override stripping. */
    text?: string;
  };
}

export const defaultRouterSettings: RouterSettings = { mode: 'auto', fileThreshold: 2, fastContextTokens: 100_000 };

export function loadRouteFixtures(dir: string): RouteFixture[] {
  const out: RouteFixture[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const items = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Omit<RouteFixture, 'file'>[];
    for (const item of items) out.push({ file, ...item });
  }
  return out;
}

export function fixtureSettings(f: RouteFixture): RouterSettings {
  return { ...defaultRouterSettings, ...f.settings };
}

/** What the decision got wrong against the label; empty when it is right. */
export function labelMismatches(f: RouteFixture, d: RouteDecision): string[] {
  const wrong: string[] = [];
  if (d.target !== f.expect.target) wrong.push(`target ${d.target}, expected ${f.expect.target}`);
  if (f.expect.reason !== undefined && !d.reasons.some((r) => r.includes(f.expect.reason!))) {
    wrong.push(`no reason containing ${JSON.stringify(f.expect.reason)}`);
  }
  if (f.expect.reasons !== undefined && JSON.stringify(d.reasons) !== JSON.stringify(f.expect.reasons)) {
    wrong.push(`reasons ${JSON.stringify(d.reasons)}, expected ${JSON.stringify(f.expect.reasons)}`);
  }
  if (f.expect.text !== undefined && d.text !== f.expect.text) {
    wrong.push(`text ${JSON.stringify(d.text)}, expected ${JSON.stringify(f.expect.text)}`);
  }
  if (d.reasons.length === 0) wrong.push('no reasons given');
  return wrong;
}
