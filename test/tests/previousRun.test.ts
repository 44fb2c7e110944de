import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { committedText, runOnPrevious } from '../../src/tests/previousRun';
import { runnerCommand } from '../../src/tests/runnerCommand';
import { runTestFile } from '../../src/tests/runTestFile';
import { spawnProcess } from '../../src/tests/spawnProcess';
import type { Framework } from '../../src/tests/testTypes';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A pytest project: calc/ a package, its tests in tests/, a cache folder and a large data folder beside them. */
function project(): { root: string; source: string; testFile: string; framework: Framework } {
  const root = mkdtempSync(join(tmpdir(), 'flint-previous-test-'));
  dirs.push(root);
  mkdirSync(join(root, 'calc', '__pycache__'), { recursive: true });
  mkdirSync(join(root, 'tests'));
  mkdirSync(join(root, 'data'));
  writeFileSync(join(root, 'pytest.ini'), '[pytest]\n');
  writeFileSync(join(root, 'calc', '__init__.py'), '');
  writeFileSync(join(root, 'calc', 'ops.py'), 'def scale(x, k):\n    return x + k\n');
  writeFileSync(join(root, 'calc', '__pycache__', 'stale.pyc'), 'x');
  writeFileSync(join(root, 'data', 'big.txt'), 'data');
  writeFileSync(join(root, 'tests', 'test_ops.py'), 'from calc.ops import scale\n\n\ndef test_doubles():\n    assert scale(2, 2) == 4\n\n\ndef test_triples():\n    assert scale(3, 3) == 9\n');
  return { root, source: join(root, 'calc', 'ops.py'), testFile: join(root, 'tests', 'test_ops.py'), framework: { id: 'pytest', language: 'python', projectDir: root, evidence: 'pytest.ini' } };
}

const snapshot = (root: string) => readdirSync(root, { recursive: true, encoding: 'utf8' }).sort().map((p) => [p, lstatSync(join(root, p)).isFile() ? readFileSync(join(root, p), 'utf8') : 'dir']);

describe('runOnPrevious', () => {
  it('runs the test file with pytest against the previous text in a copy: the project is untouched and the copy is gone after', async () => {
    const p = project();
    const before = snapshot(p.root);
    let seen: { projectDir: string; testFile: string; source: string; cache: boolean; data: boolean } | undefined;
    const outcome = await runOnPrevious(p.framework, p.testFile, p.source, 'def scale(x, k):\n    return x * k\n', async (framework, testFile, signal) => {
      const copied = join(framework.projectDir, 'calc', 'ops.py');
      seen = { projectDir: framework.projectDir, testFile, source: readFileSync(copied, 'utf8'), cache: existsSync(join(framework.projectDir, 'calc', '__pycache__')), data: lstatSync(join(framework.projectDir, 'data')).isSymbolicLink() };
      const resultFile = join(framework.projectDir, '..', `${Date.now()}-results.xml`);
      dirs.push(resultFile);
      const command = await runnerCommand(framework, testFile, resultFile, { read: async () => undefined, exists: async (f) => existsSync(f) }, { python: 'python3' });
      return runTestFile(command, 60_000, { spawn: spawnProcess, now: () => performance.now(), takeResultFile: async (f) => (existsSync(f) ? readFileSync(f, 'utf8') : undefined) }, signal);
    }, new AbortController().signal);
    expect(outcome.error).toBeUndefined();
    expect(outcome.tests.map((t) => [t.name, t.status])).toEqual([['test_doubles', 'passed'], ['test_triples', 'passed']]);
    expect(seen!.projectDir).not.toBe(p.root);
    expect(seen!.testFile).toBe(join(seen!.projectDir, 'tests', 'test_ops.py'));
    expect([seen!.source, seen!.cache, seen!.data]).toEqual(['def scale(x, k):\n    return x * k\n', false, true]);
    expect(existsSync(seen!.projectDir)).toBe(false);
    expect(snapshot(p.root)).toEqual(before);
  });

  it('refuses a source outside the project folder without running anything', async () => {
    const p = project();
    let ran = false;
    const outcome = await runOnPrevious(p.framework, p.testFile, '/elsewhere/ops.py', 'x', async () => {
      ran = true;
      return { tests: [], output: '', command: '', runnerMs: 0 };
    }, new AbortController().signal);
    expect([ran, outcome.error]).toEqual([false, 'the source or its tests are outside the project folder']);
  });
});

describe('committedText', () => {
  it("reads git's HEAD text of a file; none for a file never committed or outside a repository", async () => {
    const p = project();
    const git = (...args: string[]) => execFileSync('git', args, { cwd: p.root, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
    expect(await committedText(p.source, spawnProcess)).toBeUndefined();
    git('init', '-q');
    git('add', 'calc/ops.py');
    git('commit', '-qm', 'ops');
    writeFileSync(p.source, 'def scale(x, k):\n    return 0\n');
    expect(await committedText(p.source, spawnProcess)).toBe('def scale(x, k):\n    return x + k\n');
    expect(await committedText(join(p.root, 'tests', 'test_ops.py'), spawnProcess)).toBeUndefined();
  });
});
