import { mkdirSync, mkdtempSync, readFileSync, existsSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCoveragePyJson, parseGoCoverProfile, parseIstanbulJson, UnreadableCoverage } from '../../src/tests/coverageReport';
import { runnerCommand } from '../../src/tests/runnerCommand';
import { runTestFile } from '../../src/tests/runTestFile';
import { spawnProcess } from '../../src/tests/spawnProcess';
import { memoryProbe } from './memoryProbe';

const dir = mkdtempSync(join(tmpdir(), 'flint-coverage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('coverage reports', () => {
  it("reads istanbul's JSON, coverage.py's JSON and go's cover profile into 0-based statements with counts", () => {
    const istanbul = JSON.stringify({ '/p/a.ts': { path: '/p/a.ts', statementMap: { 0: { start: { line: 2, column: 2 }, end: { line: 2, column: 15 } }, 1: { start: { line: 6, column: 2 }, end: { line: 6, column: 9 } } }, s: { 0: 3, 1: 0 } } });
    expect(parseIstanbulJson(istanbul)).toEqual([{ path: '/p/a.ts', statements: [{ line: 1, column: 2, endLine: 1, endColumn: 15, count: 3 }, { line: 5, column: 2, endLine: 5, endColumn: 9, count: 0 }] }]);
    const py = JSON.stringify({ files: { 'inventory.py': { executed_lines: [1, 4], missing_lines: [8] } } });
    expect(parseCoveragePyJson(py, '/p')).toEqual([{ path: '/p/inventory.py', statements: [{ line: 0, count: 1 }, { line: 3, count: 1 }, { line: 7, count: 0 }] }]);
    const go = 'mode: set\nexample.com/shapes/area.go:3.24,5.2 1 1\nexample.com/shapes/area.go:7.30,9.2 1 0\n';
    expect(parseGoCoverProfile(go, '/p', 'example.com/shapes')).toEqual([{ path: '/p/area.go', statements: [{ line: 2, column: 23, endLine: 4, endColumn: 1, count: 1 }, { line: 6, column: 29, endLine: 8, endColumn: 1, count: 0 }] }]);
    expect(() => parseIstanbulJson('nope')).toThrow(UnreadableCoverage);
    expect(() => parseGoCoverProfile('', '/p', '')).toThrow(/mode/);
  });

  it('a real vitest run with coverage shows which lines of the source the tests reach', async () => {
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'cov', private: true, type: 'module' }));
    symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
    writeFileSync(join(dir, 'src', 'calc.ts'), 'export function add(a: number, b: number): number {\n  return a + b;\n}\n\nexport function sub(a: number, b: number): number {\n  return a - b;\n}\n');
    writeFileSync(join(dir, 'src', 'calc.test.ts'), "import { expect, it } from 'vitest';\nimport { add } from './calc';\n\nit('adds', () => {\n  expect(add(2, 3)).toBe(5);\n});\n");
    const probe = { read: async (p: string) => (existsSync(p) ? readFileSync(p, 'utf8') : undefined), exists: async (p: string) => existsSync(p) };
    const framework = { id: 'vitest' as const, language: 'js' as const, projectDir: dir, evidence: '' };
    const command = await runnerCommand(framework, join(dir, 'src', 'calc.test.ts'), join(dir, 'results.json'), probe, { coverageDir: join(dir, 'coverage') });
    const take = async (p: string) => (existsSync(p) ? readFileSync(p, 'utf8') : undefined);
    const outcome = await runTestFile(command, 120_000, { spawn: spawnProcess, now: () => performance.now(), takeResultFile: take });
    expect(outcome.error).toBeUndefined();
    const calc = outcome.coverage?.find((f) => f.path.endsWith('calc.ts'));
    expect(calc, `${outcome.coverageNote} ${outcome.output}`).toBeDefined();
    const countAt = (line: number) => calc!.statements.filter((s) => s.line === line).map((s) => s.count);
    expect(Math.min(...countAt(1))).toBeGreaterThan(0);
    expect(countAt(5)).toEqual([0]);
  }, 120_000);

  it('a runner that cannot report coverage runs as usual', async () => {
    const cmd = await runnerCommand({ id: 'node:test', language: 'js', projectDir: '/p', evidence: '' }, '/p/a.test.mjs', '/tmp/r', memoryProbe({}), { coverageDir: '/tmp/c' });
    expect(cmd.coverage).toBeUndefined();
    const py = await runnerCommand({ id: 'pytest', language: 'python', projectDir: '/p', evidence: '' }, '/p/test_a.py', '/tmp/r', memoryProbe({}), { coverageDir: '/tmp/c', pytestCov: true });
    expect(py.argv).toContain('--cov-report=json:/tmp/c/coverage.json');
  });
});
