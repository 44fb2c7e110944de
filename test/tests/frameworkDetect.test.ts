import { describe, expect, it } from 'vitest';
import { detectFramework } from '../../src/tests/frameworkDetect';
import { flintTestPath, importSpecifier, isFlintTestPath, isTestPath, userTestPath } from '../../src/tests/testPaths';
import { memoryProbe } from './memoryProbe';

const pkg = (o: object) => JSON.stringify(o);

describe('detectFramework', () => {
  it('reads vitest, jest and node:test from package.json and config files', async () => {
    expect((await detectFramework('/w/src/a.ts', 'js', '/w', memoryProbe({ '/w/package.json': pkg({ devDependencies: { vitest: '4' } }) })))?.id).toBe('vitest');
    expect((await detectFramework('/w/a.js', 'js', '/w', memoryProbe({ '/w/package.json': pkg({ dependencies: { jest: '29' } }) })))?.id).toBe('jest');
    expect((await detectFramework('/w/a.js', 'js', '/w', memoryProbe({ '/w/package.json': pkg({ scripts: { test: 'node --test' } }) })))?.id).toBe('node:test');
    expect((await detectFramework('/w/a.js', 'js', '/w', memoryProbe({ '/w/jest.config.js': '' })))?.evidence).toBe('jest.config.js');
  });

  it('takes the nearest project, up to the workspace folder', async () => {
    const probe = memoryProbe({ '/w/package.json': pkg({ devDependencies: { jest: '1' } }), '/w/app/package.json': pkg({ devDependencies: { vitest: '1' } }) });
    const fw = await detectFramework('/w/app/src/a.ts', 'js', '/w', probe);
    expect([fw?.id, fw?.projectDir]).toEqual(['vitest', '/w/app']);
    expect(await detectFramework('/other/a.ts', 'js', '/w', probe)).toBeUndefined();
  });

  it('finds pytest from its config files and go test from go.mod, nothing in a bare folder', async () => {
    expect((await detectFramework('/w/a.py', 'python', '/w', memoryProbe({ '/w/pyproject.toml': '[tool.pytest.ini_options]\n' })))?.id).toBe('pytest');
    expect((await detectFramework('/w/a.py', 'python', '/w', memoryProbe({ '/w/pyproject.toml': '[tool.black]\n' })))).toBeUndefined();
    expect((await detectFramework('/w/pkg/a.go', 'go', '/w', memoryProbe({ '/w/go.mod': 'module x' })))?.projectDir).toBe('/w');
    expect(await detectFramework('/w/a.ts', 'js', '/w', memoryProbe({ '/w/package.json': pkg({ name: 'x' }) }))).toBeUndefined();
  });
});

describe('test paths', () => {
  const vitest = { id: 'vitest', language: 'js', projectDir: '/w', evidence: '' } as const;
  const pytest = { id: 'pytest', language: 'python', projectDir: '/w', evidence: '' } as const;
  const go = { id: 'go test', language: 'go', projectDir: '/w', evidence: '' } as const;

  it("names Flint's own file so the framework picks it up and no user file is it", () => {
    expect(flintTestPath('/w/src/foo.ts', vitest)).toBe('/w/src/foo.flint.test.ts');
    expect(flintTestPath('/w/foo.py', pytest)).toBe('/w/test_foo_flint.py');
    expect(flintTestPath('/w/foo.go', go)).toBe('/w/foo_flint_test.go');
    for (const p of ['/w/src/foo.flint.test.ts', '/w/test_foo_flint.py', '/w/foo_flint_test.go']) expect([isFlintTestPath(p), isTestPath(p)]).toEqual([true, true]);
    for (const p of ['/w/src/foo.test.ts', '/w/test_foo.py', '/w/foo_test.go']) expect([isFlintTestPath(p), isTestPath(p)]).toEqual([false, true]);
    expect(isTestPath('/w/src/foo.ts')).toBe(false);
    // Windows paths, as the editor gives them there.
    for (const p of ['C:\\w\\src\\foo.flint.test.ts', 'C:\\w\\test_foo_flint.py', 'C:\\w\\foo_flint_test.go']) expect([isFlintTestPath(p), isTestPath(p)]).toEqual([true, true]);
    for (const p of ['C:\\w\\test_foo.py', 'C:\\w\\src\\__tests__\\foo.ts']) expect([isFlintTestPath(p), isTestPath(p)]).toEqual([false, true]);
    expect(isTestPath('C:\\w\\tests\\foo.py')).toBe(false);
  });

  it("finds the user's existing test file, else proposes the conventional one", async () => {
    expect(await userTestPath('/w/src/foo.ts', vitest, memoryProbe({ '/w/test/foo.test.ts': '' }))).toEqual({ path: '/w/test/foo.test.ts', exists: true });
    expect(await userTestPath('/w/src/foo.ts', vitest, memoryProbe({}))).toEqual({ path: '/w/src/foo.test.ts', exists: false });
    expect(await userTestPath('/w/foo.py', pytest, memoryProbe({ '/w/tests/conftest.py': '' }))).toEqual({ path: '/w/tests/test_foo.py', exists: false });
  });

  it('imports the source the way the language wants', () => {
    expect(importSpecifier('/w/src/foo.test.ts', '/w/src/foo.ts', vitest)).toBe('./foo');
    expect(importSpecifier('/w/test/foo.test.mjs', '/w/src/foo.mjs', vitest)).toBe('../src/foo.mjs');
    expect(importSpecifier('/w/test_foo.py', '/w/foo.py', pytest)).toBe('foo');
  });
});
