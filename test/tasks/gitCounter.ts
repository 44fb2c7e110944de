import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Puts a git on the PATH that notes each start (its arguments, a line each) and then runs the
 * real one: every git process Flint starts is counted, as started. `calls()` lists them so far.
 */
export function countGitProcesses(dir: string): { calls(): string[]; restore(): void } {
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  const bin = join(dir, 'counting-bin');
  const log = join(dir, 'git-calls');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${real}' "$@"\n`);
  chmodSync(join(bin, 'git'), 0o755);
  writeFileSync(log, '');
  const path = process.env.PATH;
  process.env.PATH = `${bin}:${path}`;
  return {
    calls: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []),
    restore: () => {
      process.env.PATH = path;
    },
  };
}
