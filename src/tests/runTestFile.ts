import { parseCoveragePyJson, parseGoCoverProfile, parseIstanbulJson, UnreadableCoverage } from './coverageReport';
import type { ProcessRunner } from './processRunner';
import type { RunnerCommand } from './runnerCommand';
import { parseGoJson, parseJestJson, parseJunitXml, parseTap, UnreadableOutput } from './runnerOutput';
import type { RunOutcome, TestCaseResult } from './testTypes';

export interface RunDeps {
  spawn: ProcessRunner;
  /** Reads the results file (undefined when the runner wrote none); removes it afterwards. */
  takeResultFile(path: string): Promise<string | undefined>;
  now(): number;
}

/**
 * Runs one test file with its runner and reads the results. Never throws: a missing runner, a
 * timeout, a crash or unreadable results come back as `error`, with whatever it printed.
 */
export async function runTestFile(command: RunnerCommand, timeoutMs: number, deps: RunDeps, signal?: AbortSignal): Promise<RunOutcome> {
  const shown = command.shell ? command.argv[0] : command.argv.join(' ');
  const t0 = deps.now();
  const p = await deps.spawn({ argv: command.argv, shell: command.shell, cwd: command.cwd, timeoutMs, env: command.env, signal });
  const runnerMs = deps.now() - t0;
  const output = [p.stdout, p.stderr].filter((s) => s.trim() !== '').join('\n');
  const base = { output, command: shown, runnerMs };
  const raw = command.resultFile ? await deps.takeResultFile(command.resultFile) : undefined;
  if (p.startError) return { ...base, tests: [], error: `the runner could not start (${p.startError}): is ${command.shell ? 'the command' : command.argv[0]} installed? flint.tests.command sets another one.` };
  if (p.cancelled) return { ...base, tests: [], error: 'the run was cancelled' };
  if (p.timedOut) return { ...base, tests: [], error: `the runner did not finish within ${timeoutMs} ms (flint.tests.timeoutMs) and was stopped` };
  if (command.format === 'exit code') {
    const ok = p.code === 0;
    return { ...base, tests: [{ name: 'all tests of the file', title: 'all tests of the file', status: ok ? 'passed' : 'failed', ...(ok ? {} : { message: output }) }] };
  }
  let tests: TestCaseResult[];
  let suiteErrors: string[];
  try {
    if (command.format === 'go test') ({ tests, suiteErrors } = parseGoJson(p.stdout));
    else {
      if (raw === undefined) {
        const how = p.signal ? `was killed by ${p.signal}` : `exited with code ${p.code}`;
        return { ...base, tests: [], error: `the runner ${how} without writing results` };
      }
      const parse = command.format === 'pytest' ? parseJunitXml : command.format === 'node:test' ? parseTap : parseJestJson;
      ({ tests, suiteErrors } = parse(raw));
    }
  } catch (err) {
    if (err instanceof UnreadableOutput) return { ...base, tests: [], error: `the runner's results could not be read: ${err.message}` };
    throw err;
  }
  if (tests.length === 0 || (suiteErrors.length > 0 && tests.every((t) => t.status !== 'passed'))) {
    const why = suiteErrors.length ? suiteErrors.join('\n') : `no tests ran (exit code ${p.code})`;
    return { ...base, tests, error: `the test file did not run: ${why}` };
  }
  return { ...base, tests, ...(await coverageOf(command, deps)) };
}

/** The run's coverage report, read and removed; a note instead when there is none. */
async function coverageOf(command: RunnerCommand, deps: RunDeps): Promise<Pick<RunOutcome, 'coverage' | 'coverageNote'>> {
  const c = command.coverage;
  if (!c) return {};
  const raw = await deps.takeResultFile(c.file);
  if (raw === undefined) return { coverageNote: 'the runner wrote no coverage report' };
  try {
    if (c.format === 'istanbul') return { coverage: parseIstanbulJson(raw) };
    if (c.format === 'coverage.py') return { coverage: parseCoveragePyJson(raw, command.cwd) };
    return { coverage: parseGoCoverProfile(raw, command.cwd, c.goModule ?? '') };
  } catch (err) {
    if (err instanceof UnreadableCoverage) return { coverageNote: err.message };
    throw err;
  }
}
