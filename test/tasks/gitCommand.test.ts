import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitError, gitOn } from '../../src/tasks/gitCommand';
import type { ProcessRequest } from '../../src/tests/processRunner';
import { spawnProcess } from '../../src/tests/spawnProcess';

const tmp = mkdtempSync(join(tmpdir(), 'flint-git-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('gitOn', () => {
  it('starts every git process on the runner it is given, quiet, at the priority the runner gives', async () => {
    const seen: ProcessRequest[] = [];
    const git = gitOn((request) => (seen.push(request), spawnProcess(request)));
    await git(['init', '-q'], tmp);
    expect((await git(['rev-parse', '--is-inside-work-tree'], tmp)).trim()).toBe('true');
    expect(seen.map((r) => r.argv.slice(0, 5))).toEqual([
      ['git', '-c', 'core.hooksPath=/dev/null', '--no-optional-locks', 'init'],
      ['git', '-c', 'core.hooksPath=/dev/null', '--no-optional-locks', 'rev-parse'],
    ]);
    expect(seen.every((r) => r.niceness === undefined && r.env?.GIT_TERMINAL_PROMPT === '0')).toBe(true);
  });

  it("turns the runner's outcomes into GitErrors with git's own message", async () => {
    const git = gitOn(spawnProcess);
    await expect(git(['cat-file', 'blob', 'HEAD:missing'], tmp)).rejects.toThrow(GitError);
    const missing = gitOn(async () => ({ code: null, signal: null, stdout: '', stderr: '', timedOut: false, cancelled: false, startError: 'ENOENT' }));
    await expect(missing(['status'], tmp)).rejects.toThrow(/git could not start \(ENOENT\): background tasks need git installed/);
  });
});
