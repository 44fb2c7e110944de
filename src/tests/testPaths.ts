import { basename, dirname, extname, join, relative } from 'node:path';
import type { FileProbe } from './frameworkDetect';
import type { Framework } from './testTypes';

function stem(path: string): { dir: string; base: string; ext: string } {
  const ext = extname(path);
  return { dir: dirname(path), base: basename(path, ext), ext };
}

/** Test files JS frameworks pick up keep the source's extension family (.ts stays .ts). */
function testExt(ext: string): string {
  return ext === '.tsx' ? '.tsx' : ext === '.jsx' ? '.jsx' : ext;
}

/**
 * Flint's own test file for a source file, beside it, named so the framework picks it up and
 * no user's file is ever it: foo.flint.test.ts, test_foo_flint.py, foo_flint_test.go.
 */
export function flintTestPath(sourcePath: string, framework: Framework): string {
  const { dir, base, ext } = stem(sourcePath);
  if (framework.language === 'python') return join(dir, `test_${base}_flint.py`);
  if (framework.language === 'go') return join(dir, `${base}_flint_test.go`);
  return join(dir, `${base}.flint.test${testExt(ext)}`);
}

/** True for Flint's own generated test files (never a user's); either separator, as Windows paths have. */
export function isFlintTestPath(path: string): boolean {
  return /\.flint\.test\.[cm]?[jt]sx?$/.test(path) || /(^|[\\/])test_[^\\/]*_flint\.py$/.test(path) || /_flint_test\.go$/.test(path);
}

/** True for a test file (user's or Flint's): tests are not sources to write tests for. */
export function isTestPath(path: string): boolean {
  const name = path.split(/[\\/]/).pop()!;
  return /\.(test|spec)\.[cm]?[jt]sx?$/.test(name) || /^test_.*\.py$/.test(name) || /_test\.py$/.test(name) || /_test\.go$/.test(name) || /(^|[\\/])__tests__[\\/]/.test(path);
}

/**
 * Where the user's own tests of a source file live: the first existing conventional file, else
 * where a new one goes (beside the source; for Python in the project's tests/ folder when it has one).
 */
export async function userTestPath(sourcePath: string, framework: Framework, probe: FileProbe): Promise<{ path: string; exists: boolean }> {
  const { dir, base, ext } = stem(sourcePath);
  const rel = relative(framework.projectDir, dir);
  const under = (folder: string, name: string) => join(framework.projectDir, folder, rel.replace(/^(src|lib)([\\/]|$)/, ''), name);
  let candidates: string[];
  if (framework.language === 'python') {
    const name = `test_${base}.py`;
    candidates = [join(dir, name), join(framework.projectDir, 'tests', name), join(framework.projectDir, 'test', name), join(dir, `${base}_test.py`)];
    for (const c of candidates) if (await probe.exists(c)) return { path: c, exists: true };
    const inTests = await probe.exists(join(framework.projectDir, 'tests'));
    return { path: inTests ? candidates[1] : candidates[0], exists: false };
  }
  if (framework.language === 'go') {
    const path = join(dir, `${base}_test.go`);
    return { path, exists: await probe.exists(path) };
  }
  const e = testExt(ext);
  candidates = [
    join(dir, `${base}.test${e}`),
    join(dir, `${base}.spec${e}`),
    join(dir, '__tests__', `${base}.test${e}`),
    under('test', `${base}.test${e}`),
    under('tests', `${base}.test${e}`),
  ];
  for (const c of candidates) if (await probe.exists(c)) return { path: c, exists: true };
  return { path: candidates[0], exists: false };
}

/** How a test file at `testPath` imports the source module (relative, as the language wants it). */
export function importSpecifier(testPath: string, sourcePath: string, framework: Framework): string {
  const { base, ext } = stem(sourcePath);
  if (framework.language === 'python') return base;
  let rel = relative(dirname(testPath), join(dirname(sourcePath), base));
  if (!rel.startsWith('.')) rel = `./${rel}`;
  // ESM JavaScript needs the extension; TypeScript resolves without it.
  return /\.[cm]?js$/.test(ext) ? `${rel}${ext}` : rel;
}
