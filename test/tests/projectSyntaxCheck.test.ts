import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectSyntaxCheck } from '../../src/tests/projectSyntaxCheck';
import { spawnProcess } from '../../src/tests/spawnProcess';

const dir = mkdtempSync(join(tmpdir(), 'flint-syntax-'));
symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const check = projectSyntaxCheck(spawnProcess);

describe('projectSyntaxCheck', () => {
  it("parses TypeScript with the project's own compiler: balanced brackets are not enough", async () => {
    expect(await check("import { it } from 'vitest';\nit('a', () => { const x: number = 1; });\n", join(dir, 'a.flint.test.ts'), 'js')).toBeUndefined();
    expect(await check('const = 1;\n', join(dir, 'a.flint.test.ts'), 'js')).toMatch(/^line 1: Variable declaration expected/);
  });

  it("parses Python with Python's own parser", async () => {
    expect(await check('def test_a():\n    assert 1 == 1\n', join(dir, 'test_a_flint.py'), 'python')).toBeUndefined();
    expect(await check('def test_a()\n    assert 1\n', join(dir, 'test_a_flint.py'), 'python')).toMatch(/SyntaxError/);
  });

  it('still catches unbalanced code where no compiler is found', async () => {
    expect(await check('it(() => {\n', '/nowhere/a.test.js', 'js')).toMatch(/never closed/);
  });
});
