import { join, relative } from 'node:path';
import type { FileProbe } from './frameworkDetect';
import type { Framework } from './testTypes';

/** The command that runs one test file, and where its machine-readable results go. */
export interface RunnerCommand {
  argv: string[];
  shell: boolean;
  cwd: string;
  /** The results file the runner writes (read after it ends); undefined when stdout carries them. */
  resultFile?: string;
  /** How the output is read: the framework's own format, or only the exit code (a custom command). */
  format: Framework['id'] | 'exit code';
  env?: Record<string, string>;
}

/** Quotes one word for /bin/sh. */
export function shellQuote(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * The project's own runner on `testFile` only. `override` (flint.tests.command) replaces it:
 * `${file}` in it becomes the test file (relative to the project), else the file is appended.
 */
export async function runnerCommand(framework: Framework, testFile: string, resultFile: string, probe: FileProbe, override = ''): Promise<RunnerCommand> {
  const cwd = framework.projectDir;
  const rel = relative(cwd, testFile);
  if (override.trim()) {
    const line = override.includes('${file}') ? override.split('${file}').join(shellQuote(rel)) : `${override} ${shellQuote(rel)}`;
    return { argv: [line], shell: true, cwd, format: 'exit code' };
  }
  const localBin = async (name: string) => {
    const bin = join(cwd, 'node_modules', '.bin', name);
    return (await probe.exists(bin)) ? [bin] : ['npx', '--no-install', name];
  };
  switch (framework.id) {
    case 'vitest':
      return {
        argv: [...(await localBin('vitest')), 'run', rel, '--reporter=default', '--reporter=json', `--outputFile.json=${resultFile}`],
        shell: false,
        cwd,
        resultFile,
        format: 'vitest',
        env: { CI: '1', NO_COLOR: '1' },
      };
    case 'jest':
      return { argv: [...(await localBin('jest')), '--runTestsByPath', rel, '--json', `--outputFile=${resultFile}`], shell: false, cwd, resultFile, format: 'jest', env: { CI: '1' } };
    case 'node:test':
      return {
        argv: ['node', '--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${resultFile}`, rel],
        shell: false,
        cwd,
        resultFile,
        format: 'node:test',
      };
    case 'pytest':
      return { argv: ['python3', '-m', 'pytest', rel, '-q', '-p', 'no:cacheprovider', `--junitxml=${resultFile}`], shell: false, cwd, resultFile, format: 'pytest' };
    case 'go test': {
      const dir = relative(cwd, join(testFile, '..')) || '.';
      return { argv: ['go', 'test', '-json', `./${dir}`.replace(/^\.\/\.$/, '.')], shell: false, cwd, format: 'go test' };
    }
  }
}
