import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runnerCommand } from '../../src/tests/runnerCommand';
import { runTestFile, type RunDeps } from '../../src/tests/runTestFile';
import { spawnProcess } from '../../src/tests/spawnProcess';
import type { Framework } from '../../src/tests/testTypes';
import { memoryProbe } from './memoryProbe';

const dir = mkdtempSync(join(tmpdir(), 'flint-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const deps: RunDeps = {
  spawn: spawnProcess,
  takeResultFile: async (p) => {
    if (!existsSync(p)) return undefined;
    const text = readFileSync(p, 'utf8');
    rmSync(p);
    return text;
  },
  now: () => performance.now(),
};

const nodeTest: Framework = { id: 'node:test', language: 'js', projectDir: dir, evidence: '' };

/** Running (a killed child nobody has reaped yet is a zombie: not running). */
function alive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

describe('runTestFile with real processes', () => {
  it('runs node --test on one file and reads each result', async () => {
    writeFileSync(join(dir, 'a.test.mjs'), "import { it } from 'node:test';\nimport assert from 'node:assert/strict';\nit('adds', () => assert.equal(1 + 1, 2));\nit('breaks', () => assert.equal(1 + 1, 3));\n");
    const cmd = await runnerCommand(nodeTest, join(dir, 'a.test.mjs'), join(dir, 'results.tap'), memoryProbe({}));
    const out = await runTestFile(cmd, 30_000, deps);
    expect(out.error).toBeUndefined();
    expect(out.tests.map((t) => [t.title, t.status])).toEqual([
      ['adds', 'passed'],
      ['breaks', 'failed'],
    ]);
    expect(out.tests[1].message).toMatch(/2 !== 3/);
    expect(out.output).toMatch(/breaks/);
  });

  it('stops a hanging runner and everything it started at the timeout, and marks the run errored', async () => {
    const pidFile = join(dir, 'child.pid');
    const cmd = { argv: [`sleep 30 & echo $! > ${pidFile}; echo started; wait`], shell: true, cwd: dir, format: 'exit code' as const };
    const out = await runTestFile(cmd, 500, deps);
    expect(out.error).toMatch(/did not finish within 500 ms \(flint\.tests\.timeoutMs\)/);
    expect(out.output).toContain('started');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await new Promise((r) => setTimeout(r, 100));
    expect(alive(pid)).toBe(false);
  });

  it('says how to fix a runner that is missing, and one that crashes without results', async () => {
    const missing = await runTestFile({ argv: ['flint-no-such-runner'], shell: false, cwd: dir, format: 'vitest', resultFile: join(dir, 'r.json') }, 5_000, deps);
    expect(missing.error).toMatch(/could not start .*ENOENT.*flint-no-such-runner installed\? flint\.tests\.command/);
    const crash = await runTestFile({ argv: ['node', '-e', 'console.error("boom"); process.exit(3)'], shell: false, cwd: dir, format: 'vitest', resultFile: join(dir, 'r.json') }, 5_000, deps);
    expect(crash.error).toBe('the runner exited with code 3 without writing results');
    expect(crash.output).toContain('boom');
  });

  it('a custom command (flint.tests.command) gets the file and is judged by its exit code', async () => {
    const cmd = await runnerCommand(nodeTest, join(dir, 'my file.test.mjs'), join(dir, 'x'), memoryProbe({}), 'echo running ${file}; exit 1');
    const out = await runTestFile(cmd, 5_000, deps);
    expect(out.output).toContain('running my file.test.mjs');
    expect(out.tests).toEqual([{ name: 'all tests of the file', title: 'all tests of the file', status: 'failed', message: 'running my file.test.mjs\n' }]);
  });

  it('a cancelled run is stopped at once', async () => {
    const controller = new AbortController();
    const t0 = performance.now();
    setTimeout(() => controller.abort(), 100);
    const out = await runTestFile({ argv: ['sleep', '30'], shell: false, cwd: dir, format: 'exit code' }, 30_000, deps, controller.signal);
    expect(out.error).toBe('the run was cancelled');
    expect(performance.now() - t0).toBeLessThan(10_000);
  });
});

describe('runnerCommand', () => {
  const at = (id: 'vitest' | 'jest' | 'node:test' | 'pytest' | 'go test', language: 'js' | 'python' | 'go' = 'js') => ({ id, language, projectDir: '/p', evidence: '' });
  const probe = memoryProbe({ '/p/node_modules/vitest/package.json': JSON.stringify({ bin: { vitest: './vitest.mjs' } }) });

  it("runs only the asked tests, each runner with its own filter; the JS runners through node and the package's own script", async () => {
    const only = [['area', 'multiplies (w * h)'], ['perimeter']];
    const vitest = await runnerCommand(at('vitest'), '/p/src/a.test.ts', '/tmp/r.json', probe, { only });
    expect(vitest.argv.slice(0, 3)).toEqual(['node', '/p/node_modules/vitest/vitest.mjs', 'run']);
    expect(vitest.argv.slice(-2)).toEqual(['-t', '^(area multiplies \\(w \\* h\\)( .*)?|perimeter( .*)?)$']);
    expect(vitest.filtered).toBe(true);
    expect((await runnerCommand(at('jest'), '/p/a.test.js', '/tmp/r.json', probe)).argv.slice(0, 3)).toEqual(['npx', '--no-install', 'jest']);
    const pytest = await runnerCommand(at('pytest', 'python'), '/p/tests/test_a.py', '/tmp/r.xml', probe, { only: [['TestCart', 'test_empty']], python: '/p/.venv/bin/python' });
    expect(pytest.argv.slice(0, 4)).toEqual(['/p/.venv/bin/python', '-m', 'pytest', 'tests/test_a.py::TestCart::test_empty']);
    expect((await runnerCommand(at('go test', 'go'), '/p/a_test.go', '', probe, { only: [['TestArea']] })).argv).toEqual(['go', 'test', '-json', '-run', '^(TestArea)$', '.']);
    expect((await runnerCommand(at('node:test'), '/p/a.test.mjs', '/tmp/r', probe, { only: [['area', 'works']] })).argv).toContain('--test-name-pattern=^works$');
  });

  it("finds a runner hoisted to a folder above the project; on Windows npx (a .cmd script) starts through the shell", async () => {
    const hoisted = memoryProbe({ '/m/node_modules/vitest/package.json': JSON.stringify({ bin: { vitest: './vitest.mjs' } }) });
    const app = { id: 'vitest' as const, language: 'js' as const, projectDir: '/m/packages/app', evidence: '' };
    expect((await runnerCommand(app, '/m/packages/app/a.test.ts', '/tmp/r.json', hoisted)).argv.slice(0, 2)).toEqual(['node', '/m/node_modules/vitest/vitest.mjs']);
    const jest = await runnerCommand(at('jest'), '/p/a.test.js', '/tmp/r.json', probe, { only: [['a b']], platform: 'win32' });
    expect([jest.shell, jest.argv]).toEqual([true, ['npx --no-install jest --runTestsByPath a.test.js --json --outputFile=/tmp/r.json -t "^(a b( .*)?)$"']]);
    expect((await runnerCommand(at('vitest'), '/p/a.test.ts', '/tmp/r.json', probe, { platform: 'win32' })).shell).toBe(false);
  });

  it('quotes the file for the platform shell in a custom command', async () => {
    expect((await runnerCommand(at('vitest'), '/p/my file.test.ts', '', probe, { override: 'npm test --', platform: 'win32' })).argv).toEqual(['npm test -- "my file.test.ts"']);
    expect((await runnerCommand(at('vitest'), '/p/my file.test.ts', '', probe, { override: 'npm test -- ${file}', platform: 'linux' })).argv).toEqual(["npm test -- 'my file.test.ts'"]);
  });
});
