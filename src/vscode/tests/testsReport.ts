import * as vscode from 'vscode';
import { keyName } from '../../tests/functionKeys';
import { shownRun } from '../../tests/latestRun';
import type { Regression } from '../../tests/regressionCheck';
import type { TestLedger } from '../../tests/testLedger';
import type { Framework, RunOutcome } from '../../tests/testTypes';
import type { FailedTest, TestsExplorer } from './testsExplorer';
import type { TestsStatusBar } from './testsStatusBar';
import { relativeName } from './testsWorkspace';

/** What the notifications' buttons do. */
export interface FailureActions {
  fixTest(f: FailedTest): Promise<void>;
  updateTest(f: FailedTest): Promise<void>;
  fixCode(f: FailedTest): Promise<void>;
}

/** The first line of a failure, for a notification or a diagnostic. */
export function firstLine(message: string | undefined): string {
  return (message ?? 'failed').trim().split('\n')[0].slice(0, 300);
}

export function regressionFailure(r: Regression): FailedTest {
  return { testFile: r.testFile, source: r.source, result: r.test, regression: true, ...(r.fn ? { fn: r.fn } : {}), ...(r.previous !== undefined ? { previous: r.previous } : {}) };
}

/**
 * Reports a finished run in one voice: the Testing views, the "Flint Tests" output, the status
 * bar item (the latest run, naming its file) and, when something is wrong, one notification
 * that says the same.
 */
export class TestsReport {
  constructor(
    private readonly explorer: TestsExplorer,
    private readonly output: vscode.OutputChannel,
    private readonly status: TestsStatusBar,
    private readonly actions: FailureActions,
    private readonly ledger: TestLedger,
  ) {}

  /** `notify` false: the Testing views, the output and the status bar only (the caller says it once for a whole save). */
  async finished(framework: Framework, testFile: string, outcome: RunOutcome, testRun: vscode.TestRun, source?: string, regressions: Regression[] = [], endRun = true, notify = true): Promise<void> {
    const name = relativeName(testFile);
    const failed = outcome.tests.filter((t) => t.status === 'failed');
    const passed = outcome.tests.filter((t) => t.status === 'passed').length;
    this.log(name, outcome, passed, failed.length);
    await this.explorer.finished(testRun, testFile, framework, outcome, source, endRun);
    const run = { testFile, name, passed, failed: failed.length, regressions: regressions.length, ...(outcome.error ? { error: outcome.error } : {}) };
    this.status.latest(shownRun(run, this.ledger, relativeName));
    if (notify) this.notify(testFile, outcome, source, regressions);
  }

  /** The one notification for a run, when something is wrong; true when one was shown. */
  notify(testFile: string, outcome: RunOutcome, source?: string, regressions: Regression[] = []): boolean {
    const name = relativeName(testFile);
    const failed = outcome.tests.filter((t) => t.status === 'failed');
    if (outcome.error) {
      void vscode.window.showErrorMessage(`Flint: the tests of ${name} could not run: ${outcome.error}.`, 'Show Output').then((pick) => {
        if (pick) this.output.show(true);
      });
    } else if (regressions.length > 0) this.regressed(name, regressions);
    else if (failed.length > 0) this.failedTests(name, { testFile, ...(source ? { source } : {}), result: failed[0] }, failed.length, outcome.tests.length);
    else return false;
    return true;
  }

  private log(name: string, outcome: RunOutcome, passed: number, failed: number): void {
    this.output.appendLine(`[${new Date().toLocaleTimeString()}] $ ${outcome.command}  (${Math.round(outcome.runnerMs)} ms)`);
    if (outcome.output.trim()) this.output.appendLine(outcome.output.trimEnd());
    this.output.appendLine(outcome.error ? `${name}: errored: ${outcome.error}` : `${name}: ${passed} passed, ${failed} failed`);
    this.output.appendLine('');
  }

  private regressed(name: string, regressions: Regression[]): void {
    const r = regressions[0];
    const where = r.fn ? `${keyName(r.fn)} (${relativeName(r.source)})` : relativeName(r.source);
    const more = regressions.length > 1 ? ` and ${regressions.length - 1} more` : '';
    this.output.appendLine(`${name}: regression in ${where}: "${r.test.name}"${more} passed before and fails now`);
    // Not awaited: the run is over while the question stays up.
    void vscode.window
      .showWarningMessage(`Flint: regression in ${where}: "${r.test.name}"${more} passed before and fails now: ${firstLine(r.test.message)}`, 'Fix the code', 'Update the test', 'Show Output')
      .then((pick) => {
        if (pick === 'Fix the code') void this.actions.fixCode(regressionFailure(r));
        if (pick === 'Update the test') void this.actions.updateTest(regressionFailure(r));
        if (pick === 'Show Output') this.output.show(true);
      });
  }

  private failedTests(name: string, first: FailedTest, failed: number, total: number): void {
    void vscode.window
      .showWarningMessage(`Flint: ${failed} of ${total} tests failed in ${name}: "${first.result.name}".`, 'Fix the test', 'Fix the code', 'Show Output')
      .then((pick) => {
        if (pick === 'Fix the test') void this.actions.fixTest(first);
        if (pick === 'Fix the code') void this.actions.fixCode(first);
        if (pick === 'Show Output') this.output.show(true);
      });
  }
}
