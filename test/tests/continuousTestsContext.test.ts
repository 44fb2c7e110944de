import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CodeParser, installedParserFiles } from '../../src/code/codeParser';
import { ContextService } from '../../src/context/contextService';
import { languageIdOfPath } from '../../src/code/parserLanguages';
import { maskSecrets } from '../../src/privacy/secretScan';
import { SymbolIndex } from '../../src/code/symbolIndex';
import { testContextItems } from '../../src/context/testContext';
import { ContinuousTests, type ContinuousDeps } from '../../src/tests/continuousTests';
import { parseSections } from '../../src/tests/flintTestFile';
import { parsedFunctions } from '../../src/tests/sourceFunctions';
import { bracketProblem } from '../../src/tests/syntaxCheck';
import type { TestModelRequest } from '../../src/tests/testGeneration';
import { memoryLedgerStore, TestLedger } from '../../src/tests/testLedger';
import type { SourceFunction } from '../../src/tests/testTypes';
import { memoryProbe } from './memoryProbe';

/** A workspace at /w: the source takes a type from another file; a test elsewhere already uses the function. */
const PROJECT: Record<string, string> = {
  'package.json': JSON.stringify({ devDependencies: { vitest: '4' } }),
  'src/geometry.ts': '/** A width and a height, in pixels. */\nexport interface Size {\n  w: number;\n  h: number;\n}\n',
  'src/shapes.ts': "import type { Size } from './geometry';\n\nexport function area(size: Size): number {\n  return size.w * size.h;\n}\n",
  'test/layout/grid.test.ts': "import { describe, expect, it } from 'vitest';\nimport { area } from '../../src/shapes';\n\ndescribe('grid', () => {\n  it('fills the cell', () => expect(area({ w: 2, h: 3 })).toBe(6));\n});\n",
};

let parser: CodeParser;
let index: SymbolIndex;
beforeAll(async () => {
  parser = await CodeParser.load(installedParserFiles(join(__dirname, '../..')), () => 0);
  index = new SymbolIndex(parser);
  for (const path of Object.keys(PROJECT)) index.notePath(path);
  for (const [path, text] of Object.entries(PROJECT)) if (languageIdOfPath(path)) await index.update(path, languageIdOfPath(path)!, text, 1);
});

/** The context service as the editor's hub asks it for test-writing prompts. */
async function serviceContext(path: string, text: string, fn: SourceFunction): Promise<string> {
  const rel = relative('/w', path);
  const lines = text.split('\n');
  const tests = await testContextItems(index, rel, fn.name, async (p) => PROJECT[p]);
  const service = new ContextService({ index, allowed: () => true, mask: maskSecrets });
  return service.with({ tests: () => tests }).build({ surface: 'tests', path: rel, lines, focus: { start: fn.startLine, end: fn.endLine }, visible: { start: 0, end: lines.length } }).text;
}

function setup(context: ContinuousDeps['context']) {
  const probe = memoryProbe(Object.fromEntries(Object.entries(PROJECT).map(([p, t]) => [`/w/${p}`, t])));
  const requests: TestModelRequest[] = [];
  const asked: string[] = [];
  const failed: string[] = [];
  const findFunctions = parsedFunctions(async () => parser);
  const tests = new ContinuousTests({
    root: () => '/w',
    probe,
    findFunctions: (text, path) => findFunctions(text, path),
    ledger: new TestLedger(memoryLedgerStore()),
    write: async (p, t) => {
      probe.files[p] = t;
    },
    model: async (r) => {
      requests.push(r);
      return { text: "describe('area', () => {\n  it('multiplies', () => expect(area({ w: 2, h: 3 })).toBe(6));\n});", model: 'fast', modelMs: 1 };
    },
    check: async (code, _f, lang) => bracketProblem(code, lang),
    run: async () => ({ tests: [{ name: 'area > multiplies', title: 'multiplies', status: 'passed' }], output: '', command: 'vitest', runnerMs: 1 }),
    events: { busy: () => undefined, noFramework: () => undefined, generating: () => undefined, refused: () => undefined, failed: (_s, m) => failed.push(m), written: () => undefined, results: () => undefined },
    timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
    now: () => performance.now(),
    commandOverride: () => '',
    context: async (path, text, fn) => {
      asked.push(`${path} ${fn.name} ${fn.startLine}-${fn.endLine}`);
      return context!(path, text, fn);
    },
  });
  const save = async () => {
    tests.saved('/w/src/shapes.ts', PROJECT['src/shapes.ts']);
    await tests.idle();
  };
  return { probe, requests, asked, failed, save };
}

describe('ContinuousTests: the context of the prompt', () => {
  it('asks the context service like Generate Tests: the prompt carries the type the function takes from another file and its existing tests elsewhere', async () => {
    const h = setup(serviceContext);
    await h.save();
    expect(h.asked).toEqual(['/w/src/shapes.ts area 2-5']);
    expect(h.requests).toHaveLength(1);
    const input = h.requests[0].input;
    expect(input).toContain('export interface Size {\n  w: number;\n  h: number;\n}');
    expect(input).toContain('src/geometry.ts');
    expect(input).toContain("it('fills the cell', () => expect(area({ w: 2, h: 3 })).toBe(6));");
    expect(input).toContain('test/layout/grid.test.ts');
    // The sections come before the source, as in Generate Tests' prompt.
    expect(input.indexOf('interface Size')).toBeLessThan(input.indexOf('Source file src/shapes.ts'));
    expect(parseSections(h.probe.files['/w/src/shapes.flint.test.ts']).map((s) => s.name)).toEqual(['area']);
  });

  it('writes the tests without context when gathering it fails', async () => {
    const h = setup(async () => {
      throw new Error('index not ready');
    });
    await h.save();
    expect(h.requests).toHaveLength(1);
    expect(h.requests[0].input).not.toContain('interface Size');
    expect(h.failed).toEqual([]);
    expect(parseSections(h.probe.files['/w/src/shapes.flint.test.ts']).map((s) => s.name)).toEqual(['area']);
  });
});
