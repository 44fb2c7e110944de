import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScriptStep } from '../../src/tasks/packageScript';
import { runPackageScript } from '../../src/tasks/runPackageScript';
import type { ProcessRequest } from '../../src/tests/processRunner';
import { spawnProcess } from '../../src/tests/spawnProcess';

let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'flint-runscript-'));
});
afterEach(() => rmSync(cwd, { recursive: true, force: true }));

const step = (event: string, script: string): ScriptStep => ({ event, script, banner: `[${event}]\n`, env: { STEP: event } });
const chain = (pre: string, test: string, post: string) => [step('pretest', pre), step('test', test), step('posttest', post)];
const run = (steps: ScriptStep[], timeoutMs = 20_000, signal = new AbortController().signal) => runPackageScript(steps, { spawn: spawnProcess, cwd, timeoutMs, signal, env: { CI: '1' } });

describe('runPackageScript', () => {
  it('runs each step with sh -c in the folder, its banner first, its env over the shared one', async () => {
    const seen: ProcessRequest[] = [];
    const r = await runPackageScript(chain('echo "pre $STEP"', 'pwd; echo oops >&2', 'echo "post $STEP $CI"'), {
      spawn: (q) => (seen.push(q), spawnProcess(q)),
      cwd,
      timeoutMs: 20_000,
      signal: new AbortController().signal,
      env: { CI: '1' },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`[pretest]\npre pretest\n[test]\n${cwd}\n[posttest]\npost posttest 1\n`);
    expect(r.stderr).toBe('oops\n');
    expect(seen.map((q) => q.argv.slice(0, 2))).toEqual([['sh', '-c'], ['sh', '-c'], ['sh', '-c']]);
  });

  it('stops the chain at a failing pretest, with its exit code', async () => {
    const r = await run(chain('echo lint failed; exit 7', 'echo ran-test', 'echo ran-post'));
    expect([r.code, r.stdout]).toEqual([7, '[pretest]\nlint failed\n']);
  });

  it('runs no posttest after a failing test', async () => {
    const r = await run(chain('true', 'echo failing; exit 2', 'echo ran-post'));
    expect([r.code, r.stdout]).toEqual([2, '[pretest]\n[test]\nfailing\n']);
  });

  it('shares one time limit over the chain', async () => {
    const r = await run(chain('sleep 5', 'echo ran-test', 'true'), 300);
    expect([r.timedOut, r.code, r.stdout.includes('ran-test')]).toEqual([true, null, false]);
  });

  it('stops at a cancel, running nothing after', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 200);
    const r = await run(chain('sleep 5', 'echo ran-test', 'true'), 20_000, ac.signal);
    expect([r.cancelled, r.stdout.includes('ran-test')]).toEqual([true, false]);
  });
});
