// Router benchmark: decision time over the requests of the labelled fixture corpus (whether the
// decisions match the labels is the unit test's job: test/router/route.test.ts). Also times adversarial inputs (long dotted tokens, pasted code) that would expose
// regular expressions with super-linear backtracking. Writes bench/results/router.json.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { route } from '../src/router/route';
import type { RouteRequest, RouterSettings } from '../src/router/routeTypes';
import { percentileFigure } from './sampleStats.mjs';

const root = process.cwd();
const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 400);
const defaultRouterSettings: RouterSettings = { mode: 'auto', fileThreshold: 2, fastContextTokens: 100_000 };
const fixtureDir = join(root, 'test/fixtures/router');
const fixtures = readdirSync(fixtureDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((f) => JSON.parse(readFileSync(join(fixtureDir, f), 'utf8')) as { request: RouteRequest; settings?: Partial<RouterSettings> }[]);
const settings = fixtures.map((f): RouterSettings => ({ ...defaultRouterSettings, ...f.settings }));

// Warm the JIT before timing, as a long-running extension host would be.
for (let r = 0; r < 50; r++) for (const [i, f] of fixtures.entries()) route(f.request, settings[i]);

const micros: number[] = [];
for (let r = 0; r < rounds; r++) {
  for (const [i, f] of fixtures.entries()) {
    const t0 = performance.now();
    route(f.request, settings[i]);
    micros.push((performance.now() - t0) * 1000);
  }
}
micros.sort((a, b) => a - b);

const adversarial: Record<string, string> = {
  dotted_token_10k: 'a.'.repeat(5000),
  dashed_token_10k: 'a-'.repeat(5000) + '.tsx',
  pasted_code_9k: 'Why does this fail?\n```ts\n' + 'const x = require("./a.ts");\n'.repeat(300) + '```\nsee src/b.ts',
  prose_20k: 'Please update the parser so that it handles every case we discussed. '.repeat(290),
  quotes_15k: '"a '.repeat(5000),
};
const adversarialUs: Record<string, unknown> = {};
for (const [name, text] of Object.entries(adversarial)) {
  const request: RouteRequest = { surface: 'chat', text, files: [], tokenEstimate: text.length / 4 };
  const times: number[] = [];
  for (let r = 0; r < 20; r++) {
    const t0 = performance.now();
    route(request, defaultRouterSettings);
    times.push((performance.now() - t0) * 1000);
  }
  Object.assign(adversarialUs, percentileFigure(name, times, 50, { digits: 0 }));
}

const result = {
  fixtures: fixtures.length,
  decisions: micros.length,
  ...percentileFigure('decision_us_p50', micros, 50),
  ...percentileFigure('decision_us_p99', micros, 99),
  decision_us_max: Number(micros[micros.length - 1].toFixed(2)),
  adversarial_us_p50: adversarialUs,
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/router.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(
  `router: ${result.decisions} decisions over ${result.fixtures} fixtures: p50 ${result.decision_us_p50} µs, ` +
    `p99 ${result.decision_us_p99} µs, max ${result.decision_us_max} µs`,
);
console.log(`router: adversarial inputs (p50 µs): ${JSON.stringify(adversarialUs)}`);
