import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnProcess } from '../../src/tests/spawnProcess';

// Prints its own nice value and its child's: what a test runner's workers would run at.
const REPORT = "const os=require('os');const c=require('child_process').execFileSync(process.execPath,['-e','console.log(require(\"os\").getPriority())']);console.log(os.getPriority(), String(c).trim())";

describe('spawnProcess niceness', () => {
  it('runs the child and what it starts at the lower priority asked for', async () => {
    const r = await spawnProcess({ argv: [process.execPath, '-e', REPORT], cwd: process.cwd(), timeoutMs: 20_000, niceness: 10 });
    const expected = Math.max(10, getPriority());
    expect(r.stdout.trim()).toBe(`${expected} ${expected}`);
  });

  it('does the same through the shell', async () => {
    const r = await spawnProcess({ argv: [`"${process.execPath}" -e "console.log(require('os').getPriority())"`], shell: true, cwd: process.cwd(), timeoutMs: 20_000, niceness: 7 });
    expect(Number(r.stdout.trim())).toBe(Math.max(7, getPriority()));
  });

  it('leaves the priority as it is without one', async () => {
    const r = await spawnProcess({ argv: [process.execPath, '-e', REPORT], cwd: process.cwd(), timeoutMs: 20_000 });
    expect(r.stdout.trim()).toBe(`${getPriority()} ${getPriority()}`);
  });
});

describe('spawnProcess start errors', () => {
  it('says a missing program could not start, at a lower priority as without one', async () => {
    for (const niceness of [undefined, 10]) {
      const r = await spawnProcess({ argv: ['flint-no-such-program', '--version'], cwd: process.cwd(), timeoutMs: 10_000, niceness });
      expect(r, String(niceness)).toMatchObject({ startError: expect.stringMatching(/flint-no-such-program|ENOENT/) });
    }
  });
});
