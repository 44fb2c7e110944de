import { join } from 'node:path';
import type { FileProbe } from '../tests/frameworkDetect';

/**
 * The command that runs the whole project's tests in `root`: flint.tests.command when it names no
 * single file, else the package's test script, or what the project's files show (vitest, jest,
 * pytest, go test). Undefined when nothing shows one.
 */
export async function projectTestCommand(root: string, probe: FileProbe, override = ''): Promise<string | undefined> {
  if (override.trim() && !override.includes('${file}')) return override.trim();
  const raw = await probe.read(join(root, 'package.json'));
  if (raw !== undefined) {
    let pkg: { scripts?: Record<string, string>; dependencies?: Record<string, string>; devDependencies?: Record<string, string> } = {};
    try {
      pkg = JSON.parse(raw);
    } catch {
      // An unreadable package.json: look at the other signs.
    }
    const script = pkg.scripts?.test;
    if (script && !/no test specified/.test(script)) return 'npm test';
    const deps = { ...pkg.dependencies, ...pkg.devDependencies };
    if ('vitest' in deps) return 'npx vitest run';
    if ('jest' in deps) return 'npx jest';
  }
  if (await probe.exists(join(root, 'go.mod'))) return 'go test ./...';
  for (const f of ['pytest.ini', 'conftest.py', 'pyproject.toml', 'setup.cfg', 'tox.ini']) {
    if (await probe.exists(join(root, f))) return 'python3 -m pytest -q';
  }
  return undefined;
}
