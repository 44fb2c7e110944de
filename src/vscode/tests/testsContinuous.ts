import * as vscode from 'vscode';
import type { ContextHub } from '../../context/contextHub';
import { ContinuousTests, type ContinuousEvents } from '../../tests/continuousTests';
import type { FileProbe } from '../../tests/frameworkDetect';
import { committedText, runOnPrevious } from '../../tests/previousRun';
import { SaveNotices, type RunNotice } from '../../tests/saveNotices';
import type { FunctionFinder } from '../../tests/sourceFunctions';
import type { SyntaxChecker } from '../../tests/syntaxCheck';
import type { TestModel } from '../../tests/testGeneration';
import type { TestLedger } from '../../tests/testLedger';
import { isFlintTestPath } from '../../tests/testPaths';
import type { TestsExplorer } from './testsExplorer';
import type { TestsReport } from './testsReport';
import type { TestsRunner } from './testsRunner';
import { testsContext } from './testsContext';
import type { TestsStatusBar } from './testsStatusBar';
import { folderOf, relativeName } from './testsWorkspace';
import type { ProcessRunner } from '../../tests/processRunner';

export interface ContinuousWiring {
  probe: FileProbe;
  findFunctions: FunctionFinder;
  model: TestModel;
  check: SyntaxChecker;
  ledger: TestLedger;
  runner: TestsRunner;
  /** Starts git for a file's committed text (the process spawner). */
  spawn: ProcessRunner;
  explorer: TestsExplorer;
  report: TestsReport;
  status: TestsStatusBar;
  output: vscode.OutputChannel;
  /** Whether an inline edit is pending in a document at this path. */
  editPending(path: string): boolean;
  now(): number;
  commandOverride(): string;
  /** flint.tests.maxFunctionsPerSave. */
  maxFunctionsPerSave(): number;
  context: ContextHub;
}

/** Flint's own test files only, and never one the user has open with unsaved changes or a pending edit. */
async function writeFlintFile(w: ContinuousWiring, path: string, text: string): Promise<void> {
  if (!isFlintTestPath(path)) throw new Error(`refusing to write ${path}: not a Flint test file`);
  const open = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === path);
  if (open?.isDirty || w.editPending(path)) throw new Error(`${relativeName(path)} has unsaved changes or a pending edit; save or settle it first`);
  await vscode.workspace.fs.writeFile(vscode.Uri.file(path), new TextEncoder().encode(text));
}

/**
 * Continuous tests on save, reported through the Test Explorer, the status bar and the output,
 * and by at most one notification per save (see SaveNotices).
 */
export function continuousTests(w: ContinuousWiring): ContinuousTests {
  const busy = new Map<string, () => void>();
  const pendingRuns = new Map<string, vscode.TestRun>();
  const notices = new SaveNotices();
  const say = (source: string, message: string) => w.output.appendLine(`${relativeName(source)}: ${message}`);
  const events: ContinuousEvents = {
    busy: (source, on) => {
      busy.get(source)?.();
      busy.delete(source);
      if (on) {
        busy.set(source, w.status.begin());
        notices.begin(source);
        return;
      }
      const notWritten = notices.end(source);
      if (notWritten) void vscode.window.showWarningMessage(`Flint: the tests of ${notWritten.functions.join(', ')} were not updated: ${notWritten.reason}. Details in the Flint Tests output.`);
    },
    noFramework: (source, message) => {
      say(source, message);
      void vscode.window.showWarningMessage(`Flint: ${message}`, 'Open Settings').then((pick) => {
        if (pick) void vscode.commands.executeCommand('workbench.action.openSettings', 'flint.tests.command');
      });
    },
    generating: (source, names, left) => {
      say(source, `writing tests of ${names.join(', ')}`);
      if (left.length > 0) say(source, `left to Generate Tests (flint.tests.maxFunctionsPerSave): ${left.join(', ')}`);
    },
    refused: (source, fn, reason) => {
      say(source, `${fn}: ${reason}`);
      notices.refused(source, fn, reason);
    },
    failed: (source, message) => say(source, message),
    written: (_source, testFile, info) => {
      w.output.appendLine(`${relativeName(testFile)}: tests of ${info.functions.join(', ')} added ${Math.round(info.writtenAt - info.savedAt)} ms after the save`);
    },
    results: (source, testFile, framework, outcome, info) => {
      const testRun = pendingRuns.get(testFile);
      pendingRuns.delete(testFile);
      w.runner.known.set(testFile, { framework, source });
      if (testRun) void w.report.finished(framework, testFile, outcome, testRun, source, info.regressions, true, false);
      const notice = { testFile, outcome, regressions: info.regressions };
      if (info.phase === 'check') notices.checkRun(source, notice);
      else tell(source, notices.addedRun(source, notice));
    },
    checked: (source) => tell(source, notices.checked(source)),
  };
  const tell = (source: string, n: RunNotice | undefined) => {
    if (n) w.report.notify(n.testFile, n.outcome, source, n.regressions);
  };
  return new ContinuousTests({
    root: folderOf,
    probe: w.probe,
    findFunctions: w.findFunctions,
    write: (path, text) => writeFlintFile(w, path, text),
    model: w.model,
    check: w.check,
    ledger: w.ledger,
    run: async (framework, testFile, signal) => {
      const testRun = w.explorer.started(testFile);
      const outcome = await w.runner.run(framework, testFile, signal);
      if (signal.aborted) testRun.end();
      else pendingRuns.set(testFile, testRun);
      return outcome;
    },
    runPrevious: (framework, testFile, source, text, signal) => runOnPrevious(framework, testFile, source, text, (f, t, s) => w.runner.run(f, t, s), signal),
    committed: (path, signal) => committedText(path, w.spawn, signal),
    maxFunctionsPerSave: w.maxFunctionsPerSave,
    events,
    timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
    now: w.now,
    delayMs: 0,
    commandOverride: w.commandOverride,
    context: (path, text, fn) => testsContext(w.context, vscode.Uri.file(path), text, [fn]),
  });
}
