import { describe, expect, it } from 'vitest';
import { ContinuousTests, type ContinuousEvents } from '../../src/tests/continuousTests';
import { parseSections } from '../../src/tests/flintTestFile';
import { bracketProblem } from '../../src/tests/syntaxCheck';
import type { TestModelRequest } from '../../src/tests/testGeneration';
import type { RunOutcome } from '../../src/tests/testTypes';
import { memoryProbe } from './memoryProbe';

const SOURCE = 'export function area(w: number, h: number): number {\n  return w * h;\n}\n\nexport function perimeter(w: number, h: number): number {\n  return 2 * (w + h);\n}\n';
const TEST_FILE = '/w/src/shapes.flint.test.ts';

const timers = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout) };

function setup(options: { answer?: (r: TestModelRequest, n: number) => string; delayMs?: number; modelDelayMs?: number; override?: string; files?: Record<string, string> } = {}) {
  const probe = memoryProbe(options.files ?? { '/w/package.json': JSON.stringify({ devDependencies: { vitest: '4' } }) });
  const requests: TestModelRequest[] = [];
  const writes: string[] = [];
  const runs: string[] = [];
  const log: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const events: ContinuousEvents = {
    noFramework: (_s, m) => log.push(`none ${m}`),
    generating: (_s, f) => log.push(`generating ${f.join(',')}`),
    refused: (_s, f, r) => log.push(`refused ${f}: ${r}`),
    failed: (_s, m) => log.push(`failed ${m}`),
    written: (_s, _t, i) => log.push(`written ${i.functions.join(',')}`),
    results: (_s, _t, _fw, o) => log.push(`results ${o.tests.length}`),
  };
  const answer = options.answer ?? ((r) => {
    const name = /Write the tests of `(\w+)`/.exec(r.input)![1];
    return `describe('${name}', () => {\n  it('works', () => expect(${name}(2, 3)).toBeGreaterThan(0));\n});`;
  });
  const tests = new ContinuousTests({
    root: '/w',
    probe,
    write: async (p, t) => {
      probe.files[p] = t;
      writes.push(p);
    },
    model: async (r, signal) => {
      requests.push(r);
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        await new Promise((res) => setTimeout(res, options.modelDelayMs ?? 1));
        if (signal.aborted) throw new Error('cancelled');
        return { text: answer(r, requests.length), model: 'fast', modelMs: 1 };
      } finally {
        inFlight--;
      }
    },
    check: async (code, _f, lang) => bracketProblem(code, lang),
    run: async (_fw, file): Promise<RunOutcome> => {
      runs.push(file);
      return { tests: [{ name: 'area > works', title: 'works', status: 'passed' }], output: '', command: 'vitest', runnerMs: 1 };
    },
    events,
    timers,
    now: () => performance.now(),
    delayMs: options.delayMs ?? 0,
    commandOverride: () => options.override ?? '',
  });
  return { tests, probe, requests, writes, runs, log, maxInFlight: () => maxInFlight };
}

describe('ContinuousTests', () => {
  it("writes every testable function's tests into Flint's own file on the first save, then runs it", async () => {
    const h = setup();
    h.tests.saved('/w/src/shapes.ts', SOURCE);
    await h.tests.idle();
    const file = h.probe.files[TEST_FILE];
    expect(file).toContain("import { describe, expect, it } from 'vitest';\nimport { area, perimeter } from './shapes';");
    expect(parseSections(file).map((s) => s.name)).toEqual(['area', 'perimeter']);
    expect(h.runs).toEqual([TEST_FILE]);
    expect(h.log).toEqual(['generating area,perimeter', 'written area,perimeter', 'results 1']);
    expect(h.requests[0].input).toMatch(/already has these lines at its top[\s\S]*import \{ area \} from '.\/shapes'/);
  });

  it("regenerates only the changed function's tests and keeps the others byte for byte", async () => {
    const h = setup();
    h.tests.saved('/w/src/shapes.ts', SOURCE);
    await h.tests.idle();
    const before = parseSections(h.probe.files[TEST_FILE]);
    h.tests.saved('/w/src/shapes.ts', SOURCE.replace('2 * (w + h)', 'w + w + h + h'));
    await h.tests.idle();
    expect(h.requests.map((r) => /`(\w+)`/.exec(r.input)![1])).toEqual(['area', 'perimeter', 'perimeter']);
    const after = parseSections(h.probe.files[TEST_FILE]);
    expect(after[0]).toEqual(before[0]);
    expect(after[1].hash).not.toBe(before[1].hash);
    // Saving the same text again: nothing changed, nothing is asked, written or run.
    h.tests.saved('/w/src/shapes.ts', SOURCE.replace('2 * (w + h)', 'w + w + h + h'));
    await h.tests.idle();
    expect([h.requests.length, h.writes.length, h.runs.length]).toEqual([3, 2, 2]);
  });

  it('drops the tests of a removed function', async () => {
    const h = setup();
    h.tests.saved('/w/src/shapes.ts', SOURCE);
    await h.tests.idle();
    h.tests.saved('/w/src/shapes.ts', SOURCE.split('\n\n')[0] + '\n');
    await h.tests.idle();
    expect(parseSections(h.probe.files[TEST_FILE]).map((s) => s.name)).toEqual(['area']);
    expect(h.probe.files[TEST_FILE]).toContain("import { area } from './shapes';");
  });

  it('asks once more when the answer does not parse, and refuses a second bad one, writing nothing', async () => {
    const once = setup({ answer: (_r, n) => (n === 1 ? "describe('area', () => {" : "describe('x', () => {});") });
    once.tests.saved('/w/src/a.ts', 'export const area = (n: number) => n;\n');
    await once.tests.idle();
    expect(once.requests[1].input).toMatch(/previous answer did not parse \(line \d+: "\{" is never closed\)/);
    expect(parseSections(once.probe.files['/w/src/a.flint.test.ts'])[0].body).toBe("describe('x', () => {});");

    const twice = setup({ answer: () => "describe('area', () => {" });
    twice.tests.saved('/w/src/a.ts', 'export const area = (n: number) => n;\n');
    await twice.tests.idle();
    expect(twice.requests).toHaveLength(2);
    expect(twice.log[1]).toMatch(/^refused area: the generated tests did not parse twice \(.*never closed\); nothing was written$/);
    expect(twice.probe.files['/w/src/a.flint.test.ts']).toBeUndefined();
    expect(twice.runs).toEqual([]);
  });

  it('names what it looked for and the setting when no framework is found; the setting alone is enough', async () => {
    const h = setup({ files: {} });
    h.tests.saved('/w/app.py', 'def total(xs):\n    return sum(xs)\n');
    await h.tests.idle();
    expect(h.log).toEqual([expect.stringMatching(/^none no test framework found for app\.py: looked for pytest\.ini, conftest\.py.*flint\.tests\.command/)]);
    expect(h.requests).toEqual([]);

    const custom = setup({ files: {}, override: 'make test' });
    custom.tests.saved('/w/app.py', 'def total(xs):\n    return sum(xs)\n');
    await custom.tests.idle();
    expect(custom.probe.files['/w/test_app_flint.py']).toMatch(/^from app import total$/m);
  });

  it('ignores test files, user-written or its own', async () => {
    const h = setup();
    h.tests.saved('/w/src/shapes.test.ts', SOURCE);
    h.tests.saved(TEST_FILE, SOURCE);
    await h.tests.idle();
    expect(h.requests).toEqual([]);
  });

  it('a burst of saves cancels the stale generation and writes only the newest, one generation at a time', async () => {
    const h = setup({ modelDelayMs: 30 });
    h.tests.saved('/w/src/a.ts', 'export const area = (n: number) => n * 1;\n');
    await new Promise((r) => setTimeout(r, 10));
    h.tests.saved('/w/src/a.ts', 'export const area = (n: number) => n * 2;\n');
    h.tests.saved('/w/src/a.ts', 'export const area = (n: number) => n * 3;\n');
    await h.tests.idle();
    expect(h.maxInFlight()).toBe(1);
    expect(h.writes).toHaveLength(1);
    expect(h.requests.at(-1)!.input).toContain('n * 3');
    expect(h.requests.some((r) => r.input.includes('n * 2'))).toBe(false);
  });
});
