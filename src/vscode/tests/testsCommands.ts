import * as vscode from 'vscode';
import type { Services } from '../../services';
import { ContinuousTests } from '../../tests/continuousTests';
import { projectSyntaxCheck } from '../../tests/projectSyntaxCheck';
import type { FileProbe } from '../../tests/frameworkDetect';
import { pythonInterpreter } from '../../tests/pythonInterpreter';
import { frameworkFor } from '../../tests/saveSnapshot';
import { languageOf, parsedFunctions } from '../../tests/sourceFunctions';
import type { ProcessRunner } from '../../tests/processRunner';
import { streamTestModel } from '../../tests/streamTestModel';
import { TestLedger, type LedgerEntry } from '../../tests/testLedger';
import { TEST_INSTRUCTIONS } from '../../tests/testPrompt';
import type { InlineEdits } from '../shared/inlineEdits';
import { sendRefusal } from '../shared/editTarget';
import { PendingEditLensReset } from './pendingEditLensReset';
import { TestsCodeLens } from './testsCodeLens';
import { continuousTests } from './testsContinuous';
import { RegressionDiagnostics } from './testsDiagnostics';
import { TestsExplorer, type RunFile } from './testsExplorer';
import { fixCommands } from './testsFixes';
import { generateTestsCommand } from './testsGenerate';
import { TestsReport } from './testsReport';
import { runAndReport, TestsRunner } from './testsRunner';
import { TestsStatusBar } from './testsStatusBar';
import { folderOf, relativeName, workspaceProbe } from './testsWorkspace';
import { needsInstructions } from '../shared/needsInstructions';

const FLINT_TESTS_LANGUAGES = ['typescript', 'javascript', 'typescriptreact', 'javascriptreact', 'python', 'go'];
const LEDGER_KEY = 'flint.tests.ledger';

/** Whether Flint may send this document's code and run its tests; says why not otherwise (unless quiet). */
function refusal(services: Services, document: vscode.TextDocument, quiet: boolean): boolean {
  const why =
    sendRefusal(document, services) ??
    // Flint runs on this machine (extensionKind "ui") while the files are on the remote one.
    (document.uri.scheme === 'vscode-remote'
      ? 'Flint runs on this machine and the workspace on another: to write and run its tests, run Flint next to the workspace ("remote.extensionKind": { "flint.flint": ["workspace"] } in your user settings, then reload).'
      : undefined) ??
    (document.uri.scheme !== 'file' || !folderOf(document.uri.fsPath) ? 'Flint writes and runs tests only for files on disk inside the workspace.' : undefined);
  if (!why) return false;
  if (!quiet) {
    const actions = vscode.workspace.isTrusted ? [] : ['Manage Workspace Trust'];
    void vscode.window.showWarningMessage(`Flint: ${why}`, ...actions).then((pick) => {
      if (pick) void vscode.commands.executeCommand('workbench.trust.manage');
    });
  }
  return true;
}

/** The Test Explorer's runs: the file's framework (known from an earlier run, or detected), its asked tests only. */
function explorerRunFile(runner: TestsRunner, explorer: TestsExplorer, rerun: ReturnType<typeof runAndReport>, probe: FileProbe, command: () => string): RunFile {
  return async (testFile, only, run, signal, coverage) => {
    const item = explorer.controller.items.get(testFile);
    // Running a project's tests runs its code: never in a workspace the user has not trusted.
    if (!vscode.workspace.isTrusted) return void (item && run.errored(item, new vscode.TestMessage('Flint runs tests only in a trusted workspace (Manage Workspace Trust).')));
    const known = runner.known.get(testFile);
    const language = languageOf(testFile);
    const framework = known?.framework ?? (language ? await frameworkFor(testFile, language, folderOf(testFile) ?? '/', probe, command()) : undefined);
    if (!framework) return void (item && run.errored(item, new vscode.TestMessage(`no test framework found for ${relativeName(testFile)}`)));
    await rerun(framework, testFile, known?.source, { signal, run, coverage, ...(only ? { only } : {}) });
  };
}

/** Opened sources are what their first save is compared with; saves start continuous tests; typing cancels stale work. */
function watchDocuments(services: Services, continuous: ContinuousTests, diagnostics: RegressionDiagnostics): vscode.Disposable[] {
  const opened = (document: vscode.TextDocument) => {
    if (document.uri.scheme === 'file' && !document.isDirty) void continuous.opened(document.uri.fsPath, document.getText());
  };
  vscode.workspace.textDocuments.forEach(opened);
  return [
    vscode.workspace.onDidOpenTextDocument(opened),
    vscode.workspace.onDidSaveTextDocument((document) => {
      if (services.config()['tests.continuous'] !== 'onSave' || document.uri.scheme !== 'file') return;
      if (!ContinuousTests.wants(document.uri.path) || refusal(services, document, true)) return;
      continuous.saved(document.uri.fsPath, document.getText());
      void diagnostics.render();
    }),
    vscode.workspace.onDidChangeTextDocument((e) => {
      // Typing again in a source whose tests are being checked or written: that work is stale now.
      if (e.contentChanges.length > 0 && e.document.isDirty && continuous.inFlight().includes(e.document.uri.fsPath)) continuous.cancel(e.document.uri.fsPath);
    }),
  ];
}

async function toggle(services: Services): Promise<void> {
  const next = services.config()['tests.continuous'] === 'onSave' ? 'off' : 'onSave';
  const section = vscode.workspace.getConfiguration('flint');
  const where = section.inspect('tests.continuous')?.workspaceValue !== undefined ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await section.update('tests.continuous', next, where);
  vscode.window.setStatusBarMessage(next === 'onSave' ? '$(beaker) Flint: continuous tests on — the tests of changed code run on save' : '$(beaker) Flint: continuous tests off', 5000);
}

/**
 * Tests that guard the code: Generate Tests as a pending inline edit of the user's test file;
 * continuous tests on save (regressions first, then tests added for what has none); runs with the
 * project's runner in the Testing views, the status bar and the "Flint Tests" output; Fix the
 * code / Update the test / Fix the test on a failure.
 */
export function registerTests(context: vscode.ExtensionContext, services: Services, edits: InlineEdits, processes: ProcessRunner): void {
  const cfg = () => services.config();
  const output = vscode.window.createOutputChannel('Flint Tests');
  const status = new TestsStatusBar(() => cfg()['tests.continuous']);
  const probe = workspaceProbe();
  const findFunctions = parsedFunctions(() => services.parser());
  const ledger = new TestLedger({ load: () => context.workspaceState.get<Record<string, LedgerEntry>>(LEDGER_KEY) ?? {}, save: (e) => void context.workspaceState.update(LEDGER_KEY, e) });
  const python = (dir: string) => {
    const folder = folderOf(dir) ?? dir;
    const setting = vscode.workspace.getConfiguration('python', vscode.Uri.file(dir)).get<string>('defaultInterpreterPath');
    return pythonInterpreter([dir, folder], { setting, folder, env: process.env, platform: process.platform, probe });
  };
  const runner = new TestsRunner({ probe, python, command: () => cfg()['tests.command'], timeoutMs: () => cfg()['tests.timeoutMs'], now: () => services.now(), spawn: processes });
  const explorer = new TestsExplorer((testFile, only, run, signal, coverage) => explorerRun(testFile, only, run, signal, coverage), (path) => ledger.forget(path), (file, name) => ledger.get(file, name)?.status === 'regressed');
  const refused = (document: vscode.TextDocument) => refusal(services, document, false);
  const fixes = fixCommands({ edits, explorer, ledger, findFunctions, refused, rerun: async (testFile, source) => {
    const known = runner.known.get(testFile);
    if (known) await rerun(known.framework, testFile, source ?? known.source);
  } });
  const report = new TestsReport(explorer, output, status, fixes, ledger);
  const rerun = runAndReport(runner, explorer, report, ledger, status);
  const explorerRun = explorerRunFile(runner, explorer, rerun, probe, () => cfg()['tests.command']);
  const model = streamTestModel(services);
  const check = projectSyntaxCheck(processes);
  const continuous = continuousTests({
    probe, findFunctions, model, check, ledger, runner, spawn: processes, explorer, report, status, output,
    editPending: (path) => edits.controller.find(vscode.Uri.file(path).toString()) !== undefined,
    now: () => services.now(),
    commandOverride: () => cfg()['tests.command'],
    maxFunctionsPerSave: () => cfg()['tests.maxFunctionsPerSave'],
    context: services.context,
  });
  const diagnostics = new RegressionDiagnostics(ledger, findFunctions);
  const generate = generateTestsCommand({ services, edits, model, check, probe, findFunctions, refused, commandOverride: () => cfg()['tests.command'], runAndReport: (fw, file, source) => rerun(fw, file, source), subscriptions: context.subscriptions });
  const codeLens = new TestsCodeLens(() => cfg()['tests.codeLens'], (document) => edits.controller.get(document) !== undefined, findFunctions);
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
  void explorer.discover();
  context.subscriptions.push(
    output, status, explorer, runner, lensChanged, diagnostics,
    { dispose: () => continuous.dispose() },
    { dispose: offConfig },
    edits.controller.onDidChangePending(() => lensChanged.fire()),
    new PendingEditLensReset((uri) => edits.controller.find(uri) !== undefined, edits.controller.onDidChangePending, () => cfg()['tests.codeLens']),
    vscode.languages.registerCodeLensProvider(
      FLINT_TESTS_LANGUAGES.map((language) => ({ language, scheme: 'file' })),
      { provideCodeLenses: (d) => codeLens.provideCodeLenses(d), onDidChangeCodeLenses: lensChanged.event },
    ),
    vscode.languages.registerCodeActionsProvider(FLINT_TESTS_LANGUAGES.map((language) => ({ language, scheme: 'file' })), diagnostics, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
    ...watchDocuments(services, continuous, diagnostics),
    vscode.commands.registerCommand('flint.generateTests', needsInstructions(services, 'Generated tests', generate)),
    vscode.commands.registerCommand('flint.tests.toggleContinuous', () => toggle(services)),
    vscode.commands.registerCommand('flint.tests.fixTest', fixes.fixTest),
    vscode.commands.registerCommand('flint.tests.updateTest', fixes.updateTest),
    vscode.commands.registerCommand('flint.tests.fixCode', fixes.fixCode),
    vscode.commands.registerCommand('flint.tests.showOutput', () => output.show(true)),
    vscode.commands.registerCommand('flint.tests.showResults', (testFile?: string) => (testFile ? explorer.reveal(testFile) : output.show(true))),
  );
}
