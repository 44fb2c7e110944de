import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyPictures, filesTakingScreenshots, screenshotNames } from '../../scripts/screenshots.mjs';

const dirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'flint-shots-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('screenshots', () => {
  it('names the pictures a test takes, not the ones it sends elsewhere', () => {
    const source = `await wb.screenshot('ghost-text', { clip: { x: 1 } });
      await ctx.wb.screenshot("b.png");
      await wb.screenshot('failure', { dir: FAILURES_DIR });`;
    expect(screenshotNames(source)).toEqual(['ghost-text.png', 'b.png']);
  });

  it('picks the UI test files that take one, filtered by name', () => {
    const ui = scratch();
    writeFileSync(join(ui, 'a.test.mjs'), "await wb.screenshot('a');");
    writeFileSync(join(ui, 'b.test.mjs'), 'no pictures here');
    writeFileSync(join(ui, 'c.test.mjs'), "await wb.screenshot('c');");
    writeFileSync(join(ui, 'helper.mjs'), "await wb.screenshot('h');");
    expect(filesTakingScreenshots(ui)).toEqual(['a.test.mjs', 'c.test.mjs']);
    expect(filesTakingScreenshots(ui, ['c.'])).toEqual(['c.test.mjs']);
  });

  it('copies the fresh pictures over the committed ones', () => {
    const from = scratch();
    const to = join(scratch(), 'images');
    mkdirSync(to);
    writeFileSync(join(to, 'a.png'), 'old');
    writeFileSync(join(to, 'kept.png'), 'kept');
    writeFileSync(join(from, 'a.png'), 'new');
    writeFileSync(join(from, 'notes.txt'), 'not a picture');
    expect(copyPictures(from, to)).toEqual(['a.png']);
    expect(readFileSync(join(to, 'a.png'), 'utf8')).toBe('new');
    expect(readdirSync(to).sort()).toEqual(['a.png', 'kept.png']);
    expect(copyPictures(join(from, 'missing'), to)).toEqual([]);
  });
});
