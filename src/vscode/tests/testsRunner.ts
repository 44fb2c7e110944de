import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as vscode from 'vscode';
import type { FileProbe } from '../../tests/frameworkDetect';
import { runnerCommand } from '../../tests/runnerCommand';
import { runTestFile } from '../../tests/runTestFile';
import type { ProcessRunner } from '../../tests/processRunner';
import type { TestLedger } from '../../tests/testLedger';
import type { Framework, RunOutcome } from '../../tests/testTypes';
import type { TestsExplorer } from './testsExplorer';
import type { TestsReport } from './testsReport';
import type { TestsStatusBar } from './testsStatusBar';
import { takeResultFile } from './testsWorkspace';

export interface RunnerDeps {
  probe: FileProbe;
  /** The Python interpreter for a project folder. */
  python(projectDir: string): Promise<string>;
  command(): string;
  timeoutMs(): number;
  now(): number;
  /** Starts the runners (the process spawner). */
  spawn: ProcessRunner;
}

/** Runs test files with the project's runner, and reports runs that are not part of a save's work. */
export class TestsRunner implements vscode.Disposable {
  private counter = 0;
  /** Aborted when the window closes: a runner's process group is its own and would outlive the editor. */
  private readonly closing = new AbortController();
  /** The framework and source of each test file run, so the Test Explorer can run it again. */
  readonly known = new Map<string, { framework: Framework; source?: string }>();

  constructor(private readonly deps: RunnerDeps) {}

  private readonly pytestCov = new Map<string, Promise<boolean>>();

  async run(framework: Framework, testFile: string, asked?: AbortSignal, only?: string[][], coverage = false): Promise<RunOutcome> {
    const signal = asked ? AbortSignal.any([asked, this.closing.signal]) : this.closing.signal;
    const resultFile = join(tmpdir(), `flint-tests-${process.pid}-${++this.counter}.out`);
    const python = framework.language === 'python' ? await this.deps.python(framework.projectDir) : undefined;
    const coverageDir = coverage ? mkdtempSync(join(tmpdir(), 'flint-coverage-')) : undefined;
    try {
      const command = await runnerCommand(framework, testFile, resultFile, this.deps.probe, {
        override: this.deps.command(),
        ...(only ? { only } : {}),
        ...(python ? { python } : {}),
        ...(coverageDir ? { coverageDir, pytestCov: python ? await this.hasPytestCov(python, framework.projectDir) : false } : {}),
      });
      const outcome = await runTestFile(command, this.deps.timeoutMs(), { spawn: this.deps.spawn, now: this.deps.now, takeResultFile }, signal);
      return coverage && !command.coverage ? { ...outcome, coverageNote: `${framework.id} here cannot report coverage (vitest/jest with @vitest/coverage-v8 or jest's v8 provider, pytest-cov, go test -cover)` } : outcome;
    } finally {
      if (coverageDir) rmSync(coverageDir, { recursive: true, force: true });
    }
  }

  /** Stops every run under way, and every process it started. */
  dispose(): void {
    this.closing.abort();
  }

  /** Whether pytest-cov is installed for an interpreter (asked once). */
  private hasPytestCov(python: string, cwd: string): Promise<boolean> {
    let known = this.pytestCov.get(python);
    if (!known) {
      known = this.deps.spawn({ argv: [python, '-c', 'import pytest_cov'], cwd, timeoutMs: 10_000 }).then((r) => r.code === 0);
      this.pytestCov.set(python, known);
    }
    return known;
  }
}

/** Runs a test file on request (the Test Explorer, an accepted edit) and reports it everywhere, the ledger included. */
export function runAndReport(runner: TestsRunner, explorer: TestsExplorer, report: TestsReport, ledger: TestLedger, status: TestsStatusBar) {
  return async (framework: Framework, testFile: string, source?: string, options: { signal?: AbortSignal; run?: vscode.TestRun; only?: string[][]; coverage?: boolean } = {}): Promise<void> => {
    const { signal, only } = options;
    runner.known.set(testFile, { framework, ...(source ? { source } : {}) });
    const end = status.begin();
    const run = options.run ?? explorer.started(testFile);
    try {
      const outcome = await runner.run(framework, testFile, signal, only, options.coverage);
      if (signal?.aborted) {
        run.appendOutput('the run was cancelled\r\n');
        if (!options.run) run.end();
        return;
      }
      const regressed = ledger.record(testFile, outcome, { wholeFile: !only });
      const regressions = regressed.map((test) => {
        const known = ledger.get(testFile, test.name);
        return { test, testFile, source: known?.source ?? source ?? testFile, ...(known?.fn ? { fn: known.fn } : {}) };
      });
      await report.finished(framework, testFile, outcome, run, source, regressions, !options.run);
    } finally {
      end();
    }
  };
}
