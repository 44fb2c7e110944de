import { dirname, join } from 'node:path';
import type { Framework, TestLanguage } from './testTypes';

/** Read access to the workspace's files (absolute paths); undefined for a missing file. */
export interface FileProbe {
  read(path: string): Promise<string | undefined>;
  exists(path: string): Promise<boolean>;
}

/** What is looked for, per language, in the message shown when nothing is found. */
export const LOOKED_FOR: Record<TestLanguage, string> = {
  js: 'vitest or jest in package.json (dependencies, devDependencies or the test script), vitest.config.* or jest.config.*, or "node --test" in the test script',
  python: 'pytest.ini, conftest.py, [tool.pytest.ini_options] in pyproject.toml, [tool:pytest] in setup.cfg, [pytest] in tox.ini, or pytest in requirements*.txt',
  go: 'go.mod',
};

const CONFIG_EXTS = ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs', 'json'];

/**
 * The test framework of the project a source file belongs to: the nearest folder, from the
 * file's own up to `root`, that shows one. Undefined when none does.
 */
export async function detectFramework(sourcePath: string, language: TestLanguage, root: string, probe: FileProbe): Promise<Framework | undefined> {
  for (let dir = dirname(sourcePath); ; dir = dirname(dir)) {
    const found = await detectIn(dir, language, probe);
    if (found) return found;
    if (dir === root || !dir.startsWith(root) || dirname(dir) === dir) return undefined;
  }
}

async function detectIn(dir: string, language: TestLanguage, probe: FileProbe): Promise<Framework | undefined> {
  const at = (id: Framework['id'], evidence: string): Framework => ({ id, language, projectDir: dir, evidence });
  if (language === 'go') return (await probe.exists(join(dir, 'go.mod'))) ? at('go test', 'go.mod') : undefined;
  if (language === 'python') {
    if (await probe.exists(join(dir, 'pytest.ini'))) return at('pytest', 'pytest.ini');
    if (await probe.exists(join(dir, 'conftest.py'))) return at('pytest', 'conftest.py');
    const sections: [string, RegExp][] = [
      ['pyproject.toml', /^\[tool\.pytest/m],
      ['setup.cfg', /^\[tool:pytest\]/m],
      ['tox.ini', /^\[pytest\]/m],
      ['requirements.txt', /^pytest\b/m],
      ['requirements-dev.txt', /^pytest\b/m],
    ];
    for (const [file, re] of sections) {
      if (re.test((await probe.read(join(dir, file))) ?? '')) return at('pytest', file);
    }
    return undefined;
  }
  for (const ext of CONFIG_EXTS) {
    if (await probe.exists(join(dir, `vitest.config.${ext}`))) return at('vitest', `vitest.config.${ext}`);
    if (await probe.exists(join(dir, `jest.config.${ext}`))) return at('jest', `jest.config.${ext}`);
  }
  const raw = await probe.read(join(dir, 'package.json'));
  if (raw === undefined) return undefined;
  let pkg: { dependencies?: Record<string, string>; devDependencies?: Record<string, string>; scripts?: Record<string, string>; jest?: unknown };
  try {
    pkg = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  const script = pkg.scripts?.test ?? '';
  if ('vitest' in deps) return at('vitest', 'vitest in package.json');
  if ('jest' in deps || pkg.jest) return at('jest', 'jest in package.json');
  if (/\bvitest\b/.test(script)) return at('vitest', 'the test script in package.json');
  if (/\bjest\b/.test(script)) return at('jest', 'the test script in package.json');
  if (/\bnode\b.*--test\b/.test(script)) return at('node:test', 'the test script in package.json');
  return undefined;
}
