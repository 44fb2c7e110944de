import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFileReader } from '../../src/tasks/fileReader';
import { writeFiles } from '../../support/folderFixture';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'flint-reader-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('startFileReader', () => {
  it('reads files byte for byte across batches, keeps links as links and skips what is gone or not a file', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024, 7);
    big[big.length - 1] = 9;
    writeFiles(folder, { 'a.txt': 'alpha\n', 'src/b.ts': 'béta ✓\n', 'empty': '' });
    writeFileSync(join(folder, 'big.bin'), big);
    symlinkSync('src/b.ts', join(folder, 'link.ts'));
    symlinkSync('nowhere', join(folder, 'dangling'));
    symlinkSync('src', join(folder, 'dirlink'));
    execFileSync('mkfifo', [join(folder, 'pipe')]);
    const got = await startFileReader().read(folder, ['a.txt', 'big.bin', 'src/b.ts', 'empty', 'link.ts', 'dangling', 'dirlink', 'pipe', 'missing.ts', 'a.txt/x'], 1 << 30);
    expect([...got.contents.keys()].sort()).toEqual(['a.txt', 'big.bin', 'empty', 'src/b.ts']);
    expect(got.contents.get('a.txt')!.toString()).toBe('alpha\n');
    expect(got.contents.get('src/b.ts')!.toString()).toBe('béta ✓\n');
    expect(got.contents.get('empty')!.length).toBe(0);
    expect(got.contents.get('big.bin')!.equals(big)).toBe(true);
    expect(Object.fromEntries(got.links)).toEqual({ 'link.ts': 'src/b.ts', dangling: 'nowhere', dirlink: 'src' });
    expect(got.large).toEqual([]);
  });

  it('holds no more than its budget: the files beyond it are named for the caller to copy', async () => {
    writeFiles(folder, { 'a.txt': '1234', 'b.txt': '123456', 'c.txt': '12' });
    const got = await startFileReader().read(folder, ['a.txt', 'b.txt', 'c.txt'], 7);
    expect([...got.contents.keys()]).toEqual(['a.txt', 'c.txt']);
    expect(got.large).toEqual(['b.txt']);
  });

  it('fails with a clear message when the reading takes too long, and ends its thread', async () => {
    writeFiles(folder, { 'a.txt': 'x' });
    await expect(startFileReader(0).read(folder, ['a.txt'], 100)).rejects.toThrow(/took over 0 s/);
  });
});
