import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { killOwned, OWNER_VARIABLE } from '../../src/tests/killOwned';
import { until } from '../../support/until.mjs';

/** Runs, and is not a zombie waiting for its parent. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const started: number[] = [];
afterAll(() => started.filter(alive).forEach((pid) => process.kill(pid, 'SIGKILL')));

/**
 * A shell with `owner` in its environment, and the pids of two `sleep`s it started: one marked,
 * one whose environment lost the mark (only its group links it to the owner).
 */
async function marked(owner: string, detached: boolean): Promise<{ shell: number; sleep: number; unmarked: number }> {
  const script = `sleep 60 & echo $!; env -u ${OWNER_VARIABLE} sleep 60 & echo $!; wait`;
  const c = spawn('/bin/sh', ['-c', script], { detached, stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, [OWNER_VARIABLE]: owner } });
  let out = '';
  c.stdout.on('data', (d) => (out += d));
  const lines = () => out.trim().split('\n');
  const [sleep, unmarked] = (await until('the sleeps started', () => lines().length === 2 && lines().map(Number))) as number[];
  // `env` carries the mark until it runs `sleep` without it.
  await until('the mark is dropped', () => /^sleep\0/.test(readFileSync(`/proc/${unmarked}/cmdline`, 'utf8')));
  started.push(c.pid as number, sleep, unmarked);
  return { shell: c.pid as number, sleep, unmarked };
}

describe.runIf(process.platform === 'linux')('killOwned (Linux)', () => {
  it('kills every process that carries the owner mark and the groups they lead, and no other', async () => {
    const mine = await marked('test-mine', true);
    const outsider = await marked('test-other', true);
    // In this process's own group: the marked ones are killed alone, the group (this test's) is left.
    const sameGroup = await marked('test-mine', false);
    const all = [mine, outsider, sameGroup].flatMap((m) => [m.shell, m.sleep, m.unmarked]);
    expect(all.every(alive)).toBe(true);
    expect(killOwned('test-mine')).toBe(4);
    const gone = [mine.shell, mine.sleep, mine.unmarked, sameGroup.shell, sameGroup.sleep];
    await until('the marked processes and their group are gone', () => !gone.some(alive), 5_000);
    expect([outsider.shell, outsider.sleep, outsider.unmarked, sameGroup.unmarked].every(alive)).toBe(true);
    expect(killOwned('test-mine')).toBe(0);
  });

  it('finds nothing where there is no process table', () => {
    expect(killOwned('test-mine', '/nonexistent-proc')).toBe(0);
  });
});
