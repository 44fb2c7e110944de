import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { blobId, ChangedFiles } from '../../src/tasks/changedFiles';

/** A git count that answers `found` and notes each time it is asked. */
function gitAnswering(found: Record<string, string | null>) {
  const asked: number[] = [];
  return { asked, fromGit: async () => (asked.push(1), new Map(Object.entries(found))) };
}

describe('blobId', () => {
  it('is the id git gives the text as a blob', () => {
    const text = 'export const a = 1;\n// é\n';
    expect(blobId(text)).toBe(execFileSync('git', ['hash-object', '--stdin'], { input: text, encoding: 'utf8' }).trim());
  });
});

describe('ChangedFiles', () => {
  it("counts a fresh copy's edits, creations and deletions from the notes alone, a restored text off the count", async () => {
    const git = gitAnswering({});
    const c = new ChangedFiles(git.fromGit, true);
    expect(await c.count()).toBe(0);
    c.wrote('src/a.ts', 'a\n', 'a2\n');
    c.wrote('src/new.ts', null, 'n\n');
    c.wrote('src/old.ts', 'old\n', null);
    expect(await c.count()).toBe(3);
    c.wrote('src/a.ts', 'a2\n', 'a\n');
    c.wrote('src/new.ts', 'n\n', null);
    expect(await c.count()).toBe(1);
    expect(git.asked).toHaveLength(0);
  });

  it('asks git once after an unnamed write, then goes on from its answer (snapshot blobs included)', async () => {
    const git = gitAnswering({ 'src/a.ts': blobId('a\n'), 'made.txt': null });
    const c = new ChangedFiles(git.fromGit, true);
    c.unknownWrites();
    expect(await c.count()).toBe(2);
    expect(await c.count()).toBe(2);
    expect(git.asked).toHaveLength(1);
    // a.ts was changed by the command; an edit restoring the snapshot's text takes it off.
    c.wrote('src/a.ts', 'by the command\n', 'a\n');
    c.wrote('made.txt', 'x\n', null);
    expect(await c.count()).toBe(0);
    expect(git.asked).toHaveLength(1);
  });

  it("asks git for a copy it did not see taken, a deletion whose text is unknown and a write under ignore rules' reach", async () => {
    const git = gitAnswering({});
    const c = new ChangedFiles(git.fromGit, false);
    await c.count();
    c.wrote('big.bin', undefined, null);
    await c.count();
    c.wrote('.gitignore', 'dist/\n', '');
    await c.count();
    c.wrote('node_modules/x/index.js', null, 'x');
    await c.count();
    expect(git.asked).toHaveLength(4);
  });

  it('asks again when a write lands while git is counting', async () => {
    let release!: () => void;
    let asked = 0;
    const c = new ChangedFiles(() => new Promise((resolve) => (asked++, (release = () => resolve(new Map())))), false);
    const first = c.count();
    c.wrote('src/a.ts', 'a\n', 'b\n');
    release();
    expect(await first).toBe(0);
    const second = c.count();
    release();
    expect(await second).toBe(0);
    expect(asked).toBe(2);
    await c.count();
    expect(asked).toBe(2);
  });
});
