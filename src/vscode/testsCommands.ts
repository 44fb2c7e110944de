import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { Config } from '../config/config';
import type { Services } from '../services';
import { ContinuousTests, frameworkFor, noFrameworkMessage } from '../tests/continuousTests';
import type { FileProbe } from '../tests/frameworkDetect';
import { projectSyntaxCheck } from '../tests/projectSyntaxCheck';
import { runnerCommand } from '../tests/runnerCommand';
import { runTestFile } from '../tests/runTestFile';
import { functionAt, languageOf, sourceFunctions } from '../tests/sourceFunctions';
import { spawnProcess } from '../tests/spawnProcess';
import { streamTestModel } from '../tests/streamTestModel';
import { generateTests, RefusedTests } from '../tests/testGeneration';
import { TEST_INSTRUCTIONS } from '../tests/testPrompt';
import { isFlintTestPath, isTestPath } from '../tests/testPaths';
import type { Framework, RunOutcome, SourceFunction } from '../tests/testTypes';
import { planUserTests } from '../tests/userTests';
import type { InlineEdits } from './editCommands';
import { sendRefusal, wholeDocument, writeRefusal } from './editTarget';
import { PendingEditLensReset } from './pendingEditLensReset';
import { TestsCodeLens } from './testsCodeLens';
import { TestsExplorer, type FailedTest } from './testsExplorer';
import { codeRegion, fixCodeInstruction, fixTestInstruction, testRegion } from './testsFixes';
import { TestsStatusBar } from './testsStatusBar';

/** Argument of flint.generateTests from the CodeLens. */
interface GenerateArg {
  uri?: string;
  line?: number;
}

/** Argument of the Fix commands: a failure from the notification, or a test message's menu in the Testing views. */
type FixArg = FailedTest | { test?: vscode.TestItem } | undefined;

const FLINT_TESTS_LANGUAGES = ['typescript', 'javascript', 'typescriptreact', 'javascriptreact', 'python', 'go'];

/**
 * Tests that keep up: Generate Tests (selection, function at the cursor, CodeLens) as a pending
 * inline edit of the user's test file; continuous tests on save into Flint's own test file;
 * runs with the project's runner reported in the Testing views and the "Flint Tests" output;
 * Fix the test / Fix the code on a failure.
 */
export function registerTests(context: vscode.ExtensionContext, services: Services, edits: InlineEdits): void {
  const cfg = (): Config => services.config();
  const output = vscode.window.createOutputChannel('Flint Tests');
  const status = new TestsStatusBar(() => cfg()['tests.continuous']);
  const frameworks = new Map<string, { framework: Framework; source?: string }>();
  const explorer = new TestsExplorer(async (testFile) => {
    const known = frameworks.get(testFile);
    if (known) await runAndReport(known.framework, testFile, known.source);
  });
  const model = streamTestModel(services);
  const check = projectSyntaxCheck(spawnProcess);
  const root = () => vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? '';
  const rootOf = (path: string) => vscode.workspace.getWorkspaceFolder(vscode.Uri.file(path))?.uri.fsPath;

  /** Open documents first (what the user sees), else the disk. */
  const probe: FileProbe = {
    read: async (path) => {
      const open = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === path);
      if (open) return open.getText();
      try {
        return new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.file(path)));
      } catch {
        return undefined;
      }
    },
    exists: async (path) => {
      try {
        await vscode.workspace.fs.stat(vscode.Uri.file(path));
        return true;
      } catch {
        return false;
      }
    },
  };

  let resultCounter = 0;
  async function run(framework: Framework, testFile: string, signal?: AbortSignal): Promise<RunOutcome> {
    const resultFile = join(tmpdir(), `flint-tests-${process.pid}-${++resultCounter}.out`);
    const command = await runnerCommand(framework, testFile, resultFile, probe, cfg()['tests.command']);
    return runTestFile(command, cfg()['tests.timeoutMs'], {
      spawn: spawnProcess,
      now: () => services.now(),
      takeResultFile: async (p) => {
        if (!existsSync(p)) return undefined;
        const text = readFileSync(p, 'utf8');
        rmSync(p, { force: true });
        return text;
      },
    }, signal);
  }

  /** Reports a finished run everywhere: the Testing views, the output channel, a notification on failure. */
  async function report(framework: Framework, testFile: string, outcome: RunOutcome, testRun: vscode.TestRun, source?: string): Promise<void> {
    frameworks.set(testFile, { framework, source });
    const name = vscode.workspace.asRelativePath(testFile);
    const failed = outcome.tests.filter((t) => t.status === 'failed');
    const passed = outcome.tests.filter((t) => t.status === 'passed').length;
    output.appendLine(`[${new Date().toLocaleTimeString()}] $ ${outcome.command}  (${Math.round(outcome.runnerMs)} ms)`);
    if (outcome.output.trim()) output.appendLine(outcome.output.trimEnd());
    output.appendLine(outcome.error ? `${name}: errored: ${outcome.error}` : `${name}: ${passed} passed, ${failed.length} failed`);
    output.appendLine('');
    await explorer.finished(testRun, testFile, framework, outcome, source);
    if (outcome.error) {
      void vscode.window.showErrorMessage(`Flint: the tests of ${name} could not run: ${outcome.error}.`, 'Show Output').then((pick) => {
        if (pick) output.show(true);
      });
      return;
    }
    if (failed.length === 0) {
      vscode.window.setStatusBarMessage(`$(pass) Flint: ${passed} test${passed === 1 ? '' : 's'} passed in ${name}`, 8000);
      return;
    }
    const first: FailedTest = { testFile, source, result: failed[0] };
    // Not awaited: the run is over (and the status bar item goes back to its beaker) while the question stays up.
    void vscode.window
      .showWarningMessage(`Flint: ${failed.length} of ${outcome.tests.length} tests failed in ${name}: "${failed[0].name}".`, 'Fix the test', 'Fix the code', 'Show Output')
      .then((pick) => {
        if (pick === 'Fix the test') void fixTest(first);
        if (pick === 'Fix the code') void fixCode(first);
        if (pick === 'Show Output') output.show(true);
      });
  }

  async function runAndReport(framework: Framework, testFile: string, source?: string, signal?: AbortSignal): Promise<void> {
    const end = status.begin();
    const testRun = explorer.started(testFile);
    try {
      const outcome = await run(framework, testFile, signal);
      if (signal?.aborted) {
        testRun.end();
        return;
      }
      await report(framework, testFile, outcome, testRun, source);
    } finally {
      end();
    }
  }

  const continuousEnds = new Map<string, () => void>();
  const continuous = new ContinuousTests({
    root: root(),
    probe,
    write: async (path, text) => {
      // Only Flint's own files are ever written by continuous tests.
      if (!isFlintTestPath(path)) throw new Error(`refusing to write ${path}: not a Flint test file`);
      await vscode.workspace.fs.writeFile(vscode.Uri.file(path), new TextEncoder().encode(text));
    },
    model,
    check,
    run: async (framework, testFile, signal) => {
      const testRun = explorer.started(testFile);
      const outcome = await run(framework, testFile, signal);
      if (signal.aborted) testRun.end();
      else pendingRuns.set(testFile, testRun);
      return outcome;
    },
    events: {
      noFramework: (source, message) => {
        output.appendLine(`${vscode.workspace.asRelativePath(source)}: ${message}`);
        void vscode.window.showWarningMessage(`Flint: ${message}`, 'Open Settings').then((pick) => {
          if (pick) void vscode.commands.executeCommand('workbench.action.openSettings', 'flint.tests.command');
        });
      },
      generating: (source, names) => {
        continuousEnds.get(source)?.();
        continuousEnds.set(source, status.begin());
        output.appendLine(`${vscode.workspace.asRelativePath(source)}: writing the tests of ${names.join(', ')}`);
      },
      refused: (source, fn, reason) => {
        output.appendLine(`${vscode.workspace.asRelativePath(source)}: ${fn}: ${reason}`);
        void vscode.window.showWarningMessage(`Flint: the tests of ${fn} were not updated: ${reason}.`);
      },
      failed: (source, message) => {
        endContinuous(source);
        output.appendLine(`${vscode.workspace.asRelativePath(source)}: ${message}`);
      },
      written: (_source, testFile, info) => {
        output.appendLine(`${vscode.workspace.asRelativePath(testFile)}: tests of ${info.functions.join(', ') || '(removed functions)'} written ${Math.round(info.writtenAt - info.savedAt)} ms after the save`);
      },
      results: (source, testFile, framework, outcome) => {
        endContinuous(source);
        const testRun = pendingRuns.get(testFile);
        pendingRuns.delete(testFile);
        if (testRun) void report(framework, testFile, outcome, testRun, source);
      },
    },
    timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
    now: () => services.now(),
    delayMs: 0,
    commandOverride: () => cfg()['tests.command'],
  });
  const pendingRuns = new Map<string, vscode.TestRun>();
  function endContinuous(source: string): void {
    continuousEnds.get(source)?.();
    continuousEnds.delete(source);
  }

  /** Whether Flint may send this document's code and run its tests; says why not otherwise. */
  function refused(document: vscode.TextDocument, quiet: boolean): boolean {
    const why = sendRefusal(document, services) ?? (document.uri.scheme !== 'file' || !rootOf(document.uri.fsPath) ? 'Flint writes and runs tests only for files on disk inside the workspace.' : undefined);
    if (!why) return false;
    if (!quiet) {
      const actions = vscode.workspace.isTrusted ? [] : ['Manage Workspace Trust'];
      void vscode.window.showWarningMessage(`Flint: ${why}`, ...actions).then((pick) => {
        if (pick) void vscode.commands.executeCommand('workbench.trust.manage');
      });
    }
    return true;
  }

  async function generate(arg?: GenerateArg): Promise<void> {
    const editor = arg?.uri ? await vscode.window.showTextDocument(vscode.Uri.parse(arg.uri)) : vscode.window.activeTextEditor;
    if (!editor) {
      void vscode.window.showInformationMessage('Flint: open a source file and put the cursor in the function to test.');
      return;
    }
    const document = editor.document;
    const path = document.uri.fsPath;
    const language = languageOf(document.uri.path);
    if (!language || isTestPath(document.uri.path)) {
      void vscode.window.showInformationMessage('Flint writes tests for TypeScript, JavaScript, Python and Go source files (not for test files).');
      return;
    }
    if (refused(document, false)) return;
    const functions = chosenFunctions(editor, language, arg?.line);
    if (functions.length === 0) {
      void vscode.window.showInformationMessage('Flint: put the cursor in a function (or select the code) to write its tests.');
      return;
    }
    const framework = await frameworkFor(path, language, rootOf(path)!, probe, cfg()['tests.command']);
    if (!framework) {
      const pick = await vscode.window.showErrorMessage(`Flint: ${noFrameworkMessage(language, vscode.workspace.asRelativePath(document.uri))}`, 'Open Settings');
      if (pick) void vscode.commands.executeCommand('workbench.action.openSettings', 'flint.tests.command');
      return;
    }
    const plan = await planUserTests(framework, path, document.getText(), functions, rootOf(path)!, probe);
    const testUri = vscode.Uri.file(plan.testFile);
    const names = functions.map((f) => f.name).join(', ');
    let answer: string;
    try {
      answer = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `Flint: writing tests for ${names}…`, cancellable: true },
        async (_progress, token) => {
          const controller = new AbortController();
          token.onCancellationRequested(() => controller.abort());
          const g = await generateTests(plan.args, model, check, controller.signal);
          services.log.info(`tests: ${names} → ${vscode.workspace.asRelativePath(testUri)} by ${g.model} (${g.attempts} attempt${g.attempts === 1 ? '' : 's'})`);
          return g.answer;
        },
      );
    } catch (err) {
      const message = err instanceof RefusedTests ? err.message : `the tests could not be written: ${err instanceof Error ? err.message : String(err)}`;
      if (message !== 'cancelled') void vscode.window.showErrorMessage(`Flint: ${message}.`);
      return;
    }
    // A new file starts as one line break, so the tests keep a final one.
    if (!plan.exists) await vscode.workspace.fs.writeFile(testUri, new TextEncoder().encode('\n'));
    const testDocument = await vscode.workspace.openTextDocument(testUri);
    await vscode.window.showTextDocument(testDocument, { preview: false });
    if (!(await edits.free(testDocument))) return;
    const refusal = sendRefusal(testDocument, services) ?? (await writeRefusal(testDocument));
    if (refusal) {
      void vscode.window.showWarningMessage(`Flint: ${refusal}`);
      return;
    }
    await edits.controller.startGiven(testDocument, wholeDocument(testDocument), plan.args.compose(answer), `tests of ${names}`);
    const pending = edits.controller.get(testDocument);
    if (!pending) return;
    // Accepted: save and run them; rejected: a file Flint created for them is removed again.
    const sub = edits.controller.onDidChange(() => {
      if (!pending.session.settled) return;
      sub.dispose();
      if (pending.session.state === 'accepted') {
        void testDocument.save().then(() => runAndReport(framework, plan.testFile, path));
      } else if (!plan.exists && testDocument.getText().trim() === '') {
        void vscode.workspace.fs.delete(testUri).then(undefined, () => undefined);
      }
    });
    context.subscriptions.push(sub);
  }

  function chosenFunctions(editor: vscode.TextEditor, language: NonNullable<ReturnType<typeof languageOf>>, line?: number): SourceFunction[] {
    const all = sourceFunctions(editor.document.getText(), language);
    if (line !== undefined) return all.filter((f) => f.startLine === line);
    const sel = editor.selection;
    if (!sel.isEmpty) {
      const inside = all.filter((f) => f.startLine <= sel.end.line && f.endLine > sel.start.line);
      if (inside.length > 0) return inside;
      const text = editor.document.getText(sel);
      return [{ name: 'the selected code', startLine: sel.start.line, endLine: sel.end.line + 1, text, testable: true }];
    }
    const at = functionAt(all, sel.active.line);
    return at ? [at] : [];
  }

  async function resolveFailure(arg: FixArg): Promise<FailedTest | undefined> {
    if (arg && 'result' in arg) return arg;
    if (arg && 'test' in arg && arg.test) return explorer.failure(arg.test.id);
    return undefined;
  }

  async function fixTest(arg: FixArg): Promise<void> {
    const f = await resolveFailure(arg);
    if (!f) return;
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(f.testFile));
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    if (refused(document, false) || !(await edits.free(document))) return;
    const tabSize = typeof editor.options.tabSize === 'number' ? editor.options.tabSize : 4;
    edits.controller.startGenerated(document, testRegion(f, document, tabSize), fixTestInstruction(f, f.source));
  }

  async function fixCode(arg: FixArg): Promise<void> {
    const f = await resolveFailure(arg);
    if (!f) return;
    if (!f.source) {
      void vscode.window.showInformationMessage('Flint: open the code under test, put the cursor in the function and run "Flint: Edit Selection" with the failure.');
      return;
    }
    const testDocument = await vscode.workspace.openTextDocument(vscode.Uri.file(f.testFile));
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(f.source));
    await vscode.window.showTextDocument(document, { preview: false });
    if (refused(document, false) || !(await edits.free(document))) return;
    const range = codeRegion(f, testDocument, document);
    if (!range) {
      void vscode.window.showInformationMessage(`Flint: could not tell which function of ${vscode.workspace.asRelativePath(document.uri)} "${f.result.name}" tests.`);
      return;
    }
    edits.controller.startGenerated(document, range, fixCodeInstruction(f));
  }

  async function toggle(): Promise<void> {
    const next = cfg()['tests.continuous'] === 'onSave' ? 'off' : 'onSave';
    const section = vscode.workspace.getConfiguration('flint');
    const where = section.inspect('tests.continuous')?.workspaceValue !== undefined ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
    await section.update('tests.continuous', next, where);
    vscode.window.setStatusBarMessage(next === 'onSave' ? '$(beaker) Flint: continuous tests on — tests of changed functions are written and run on save' : '$(beaker) Flint: continuous tests off', 5000);
  }

  const codeLens = new TestsCodeLens(() => cfg()['tests.codeLens'], (document) => edits.controller.get(document) !== undefined);
  const lensChanged = new vscode.EventEmitter<void>();
  // With continuous tests on, every save may ask for tests: keep their instructions warm.
  const warm = () => {
    if (cfg()['tests.continuous'] === 'onSave' && vscode.workspace.isTrusted) void services.fast().warm(TEST_INSTRUCTIONS).catch(() => undefined);
  };
  warm();
  const offConfig = services.onConfigChange(() => {
    status.render();
    lensChanged.fire();
    warm();
  });
  context.subscriptions.push(
    output,
    status,
    explorer,
    lensChanged,
    { dispose: () => continuous.dispose() },
    { dispose: offConfig },
    edits.controller.onDidChangePending(() => lensChanged.fire()),
    new PendingEditLensReset((uri) => edits.controller.find(uri) !== undefined, edits.controller.onDidChangePending, () => cfg()['tests.codeLens']),
    vscode.languages.registerCodeLensProvider(
      FLINT_TESTS_LANGUAGES.map((language) => ({ language, scheme: 'file' })),
      { provideCodeLenses: (d) => codeLens.provideCodeLenses(d), onDidChangeCodeLenses: lensChanged.event },
    ),
    vscode.workspace.onDidSaveTextDocument((document) => {
      if (cfg()['tests.continuous'] !== 'onSave' || document.uri.scheme !== 'file') return;
      if (!ContinuousTests.wants(document.uri.path) || refused(document, true)) return;
      continuous.saved(document.uri.fsPath, document.getText());
    }),
    vscode.workspace.onDidChangeTextDocument((e) => {
      // Typing again in a source whose tests are being written: that work is stale now.
      if (e.contentChanges.length > 0 && e.document.isDirty && continuous.inFlight().includes(e.document.uri.fsPath)) continuous.cancel(e.document.uri.fsPath);
    }),
    vscode.commands.registerCommand('flint.generateTests', generate),
    vscode.commands.registerCommand('flint.tests.toggleContinuous', toggle),
    vscode.commands.registerCommand('flint.tests.fixTest', fixTest),
    vscode.commands.registerCommand('flint.tests.fixCode', fixCode),
    vscode.commands.registerCommand('flint.tests.showOutput', () => output.show(true)),
  );
}
