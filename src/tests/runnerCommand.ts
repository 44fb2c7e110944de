import { dirname, join, relative } from 'node:path';
import { goModulePath } from './coverageReport';
import type { FileProbe } from './frameworkDetect';
import type { Framework } from './testTypes';

/** The command that runs one test file, and where its machine-readable results go. */
export interface RunnerCommand {
  argv: string[];
  /** argv[0] is a command line for the platform's shell (a flint.tests.command). */
  shell: boolean;
  cwd: string;
  /** The results file the runner writes (read after it ends); undefined when stdout carries them. */
  resultFile?: string;
  /** How the output is read: the framework's own format, or only the exit code (a custom command). */
  format: Framework['id'] | 'exit code';
  env?: Record<string, string>;
  /** Whether it runs only some of the file's tests (what was asked for was honoured). */
  filtered?: boolean;
  /** Where it writes a coverage report, and in which format, when coverage was asked for and the runner can. */
  coverage?: { file: string; format: 'istanbul' | 'coverage.py' | 'go'; goModule?: string };
}

export interface RunnerOptions {
  /** flint.tests.command: replaces the detected runner. */
  override?: string;
  /** Run only these tests: each the titles from the outermost group down (a group runs all it holds). */
  only?: string[][];
  /** The Python interpreter of the project (pythonInterpreter). */
  python?: string;
  platform?: NodeJS.Platform;
  /** Collect coverage, with the reports in this folder (vitest/jest with v8, pytest-cov, go test -cover). */
  coverageDir?: string;
  /** Whether pytest-cov is installed in the project's interpreter. */
  pytestCov?: boolean;
}

/** Quotes one word for the platform's shell (/bin/sh, or cmd.exe on Windows). */
export function shellQuote(s: string, platform: NodeJS.Platform = process.platform): string {
  if (/^[\w@%+=:,./-]+$/.test(s)) return s;
  return platform === 'win32' ? `"${s.replace(/"/g, '""')}"` : `'${s.replace(/'/g, `'\\''`)}'`;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A name pattern that matches the asked tests (full names joined by `sep`), and all tests under an asked group. */
function namePattern(only: string[][], sep: string): string {
  const alternatives = only.map((path) => `${escapeRegExp(path.join(sep))}(${escapeRegExp(sep)}.*)?`);
  return `^(${alternatives.join('|')})$`;
}

/**
 * The package's own script (its bin), run with node: no shell, no .cmd wrapper, the same on
 * every platform. Found as Node resolves it: the project's node_modules, then each folder's
 * above it (a workspace's hoisted packages); npx when none has it.
 */
async function nodeEntry(cwd: string, pkg: string, probe: FileProbe): Promise<string[]> {
  for (let dir = cwd; ; dir = dirname(dir)) {
    const installed = join(dir, 'node_modules', pkg);
    try {
      const manifest = JSON.parse((await probe.read(join(installed, 'package.json'))) ?? '') as { bin?: string | Record<string, string> };
      const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[pkg];
      if (bin) return ['node', join(installed, bin)];
    } catch {
      // Not installed here.
    }
    if (dirname(dir) === dir) return ['npx', '--no-install', pkg];
  }
}

/** npx is a .cmd script on Windows, which Node starts only through the shell: the command as one quoted line. */
function startable(command: RunnerCommand, platform: NodeJS.Platform): RunnerCommand {
  if (platform !== 'win32' || command.argv[0] !== 'npx') return command;
  return { ...command, argv: [command.argv.map((a) => shellQuote(a, platform)).join(' ')], shell: true };
}

/**
 * The project's own runner on `testFile` only (and on the asked tests only, with its own
 * filter: -t, --test-name-pattern, pytest node ids, -run). A flint.tests.command replaces it:
 * `${file}` in it becomes the test file (relative to the project), else the file is appended.
 */
export async function runnerCommand(framework: Framework, testFile: string, resultFile: string, probe: FileProbe, options: RunnerOptions | string = {}): Promise<RunnerCommand> {
  const o = typeof options === 'string' ? { override: options } : options;
  const cwd = framework.projectDir;
  const rel = relative(cwd, testFile);
  const only = o.only?.filter((p) => p.length > 0) ?? [];
  if (o.override?.trim()) {
    const q = shellQuote(rel, o.platform);
    const line = o.override.includes('${file}') ? o.override.split('${file}').join(q) : `${o.override} ${q}`;
    return { argv: [line], shell: true, cwd, format: 'exit code' };
  }
  const command = await runnerArgv(framework, cwd, rel, resultFile, probe, o, only);
  if (!o.coverageDir) return startable(command, o.platform ?? process.platform);
  const goModule = framework.id === 'go test' ? goModulePath((await probe.read(join(cwd, 'go.mod'))) ?? '') : undefined;
  return startable(withCoverage(command, framework, o.coverageDir, o.pytestCov ?? false, goModule), o.platform ?? process.platform);
}

async function runnerArgv(framework: Framework, cwd: string, rel: string, resultFile: string, probe: FileProbe, o: RunnerOptions, only: string[][]): Promise<RunnerCommand> {
  const testFile = join(cwd, rel);
  const filtered = only.length > 0;
  switch (framework.id) {
    case 'vitest':
      return {
        argv: [...(await nodeEntry(cwd, 'vitest', probe)), 'run', rel, '--reporter=default', '--reporter=json', `--outputFile.json=${resultFile}`, ...(filtered ? ['-t', namePattern(only, ' ')] : [])],
        shell: false, cwd, resultFile, format: 'vitest', env: { CI: '1', NO_COLOR: '1' }, filtered,
      };
    case 'jest':
      return { argv: [...(await nodeEntry(cwd, 'jest', probe)), '--runTestsByPath', rel, '--json', `--outputFile=${resultFile}`, ...(filtered ? ['-t', namePattern(only, ' ')] : [])], shell: false, cwd, resultFile, format: 'jest', env: { CI: '1' }, filtered };
    case 'node:test':
      return {
        argv: ['node', '--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${resultFile}`, ...only.map((p) => `--test-name-pattern=^${escapeRegExp(p[p.length - 1])}$`), rel],
        shell: false, cwd, resultFile, format: 'node:test', filtered,
      };
    case 'pytest': {
      const targets = filtered ? only.map((p) => [rel, ...p].join('::')) : [rel];
      return { argv: [o.python ?? 'python3', '-m', 'pytest', ...targets, '-q', '-p', 'no:cacheprovider', `--junitxml=${resultFile}`], shell: false, cwd, resultFile, format: 'pytest', filtered };
    }
    case 'go test': {
      const dir = relative(cwd, dirname(testFile)).replace(/\\/g, '/') || '.';
      const run = filtered ? ['-run', `^(${only.map((p) => p.map((t) => escapeRegExp(t)).join('/')).join('|')})$`] : [];
      return { argv: ['go', 'test', '-json', ...run, `./${dir}`.replace(/^\.\/\.$/, '.')], shell: false, cwd, format: 'go test', filtered };
    }
  }
}

/** The runner's own coverage flags; a runner that cannot report coverage runs without. */
function withCoverage(c: RunnerCommand, framework: Framework, dir: string, pytestCov: boolean, goModule?: string): RunnerCommand {
  switch (framework.id) {
    case 'vitest':
      return { ...c, argv: [...c.argv, '--coverage.enabled=true', '--coverage.provider=v8', '--coverage.reporter=json', `--coverage.reportsDirectory=${dir}`], coverage: { file: join(dir, 'coverage-final.json'), format: 'istanbul' } };
    case 'jest':
      return { ...c, argv: [...c.argv, '--coverage', '--coverageProvider=v8', '--coverageReporters=json', `--coverageDirectory=${dir}`], coverage: { file: join(dir, 'coverage-final.json'), format: 'istanbul' } };
    case 'pytest':
      if (!pytestCov) return c;
      return { ...c, argv: [...c.argv, '--cov=.', `--cov-report=json:${join(dir, 'coverage.json')}`], coverage: { file: join(dir, 'coverage.json'), format: 'coverage.py' } };
    case 'go test':
      return { ...c, argv: [...c.argv.slice(0, 3), '-cover', `-coverprofile=${join(dir, 'cover.out')}`, ...c.argv.slice(3)], coverage: { file: join(dir, 'cover.out'), format: 'go', goModule: goModule ?? '' } };
    case 'node:test':
      return c;
  }
}
