import * as vscode from 'vscode';
import type { Services } from '../../services';
import type { FileProbe } from '../../tests/frameworkDetect';
import { frameworkFor, noFrameworkMessage } from '../../tests/saveSnapshot';
import { functionAt, languageOf, type FunctionFinder } from '../../tests/sourceFunctions';
import type { SyntaxChecker } from '../../tests/syntaxCheck';
import { generateTests, RefusedTests, type TestModel } from '../../tests/testGeneration';
import { isTestPath } from '../../tests/testPaths';
import type { Framework, SourceFunction } from '../../tests/testTypes';
import { planUserTests, type UserTestsPlan } from '../../tests/userTests';
import type { InlineEdits } from '../shared/inlineEdits';
import { sendRefusal, wholeDocument, writeRefusal } from '../shared/editTarget';
import { folderOf, relativeName } from './testsWorkspace';
import { testsContext } from './testsContext';

/** Argument of flint.generateTests from the CodeLens. */
export interface GenerateArg {
  uri?: string;
  line?: number;
}

export interface GenerateDeps {
  services: Services;
  edits: InlineEdits;
  model: TestModel;
  check: SyntaxChecker;
  probe: FileProbe;
  findFunctions: FunctionFinder;
  commandOverride(): string;
  /** Whether Flint may not send this document (says why when it may not). */
  refused(document: vscode.TextDocument): boolean;
  /** Runs the accepted tests. */
  runAndReport(framework: Framework, testFile: string, source?: string): Promise<void>;
  subscriptions: vscode.Disposable[];
}

/**
 * Generate Tests (selection, function at the cursor, CodeLens): the tests appear as a pending
 * inline edit of the user's test file; accepted, the file is saved and run.
 */
export function generateTestsCommand(deps: GenerateDeps): (arg?: GenerateArg) => Promise<void> {
  return async (arg) => {
    const editor = arg?.uri ? await vscode.window.showTextDocument(vscode.Uri.parse(arg.uri)) : vscode.window.activeTextEditor;
    if (!editor) return void vscode.window.showInformationMessage('Flint: open a source file and put the cursor in the function to test.');
    const document = editor.document;
    const path = document.uri.fsPath;
    const language = languageOf(document.uri.path);
    if (!language || isTestPath(document.uri.path)) {
      return void vscode.window.showInformationMessage('Flint writes tests for TypeScript, JavaScript, Python and Go source files (not for test files).');
    }
    if (deps.refused(document)) return;
    const functions = await chosenFunctions(editor, deps.findFunctions, arg?.line);
    if (functions.length === 0) return void vscode.window.showInformationMessage('Flint: put the cursor in a function (or select the code) to write its tests.');
    const framework = await frameworkFor(path, language, folderOf(path)!, deps.probe, deps.commandOverride());
    if (!framework) {
      const pick = await vscode.window.showErrorMessage(`Flint: ${noFrameworkMessage(language, relativeName(path))}`, 'Open Settings');
      if (pick) void vscode.commands.executeCommand('workbench.action.openSettings', 'flint.tests.command');
      return;
    }
    const plan = await planUserTests(framework, path, document.getText(), functions, folderOf(path)!, deps.probe);
    const related = await testsContext(deps.services.context, document.uri, document.getText(), functions);
    if (related) plan.args.prompt.context = related;
    const answer = await writeTests(deps, plan, functions.map((f) => f.name).join(', '));
    if (answer !== undefined) await propose(deps, plan, framework, path, answer, functions.map((f) => f.name).join(', '));
  };
}

/** The functions to test: the CodeLens's, those the selection touches, or the one at the cursor. */
async function chosenFunctions(editor: vscode.TextEditor, findFunctions: FunctionFinder, line?: number): Promise<SourceFunction[]> {
  const all = await findFunctions(editor.document.getText(), editor.document.uri.fsPath);
  if (line !== undefined) return all.filter((f) => f.startLine === line && f.testable).slice(0, 1);
  const sel = editor.selection;
  if (!sel.isEmpty) {
    const inside = all.filter((f) => f.testable && f.startLine <= sel.end.line && f.endLine > sel.start.line);
    if (inside.length > 0) return inside.filter((f) => !inside.some((g) => g !== f && g.startLine <= f.startLine && g.endLine >= f.endLine));
    return [{ name: 'the selected code', startLine: sel.start.line, endLine: sel.end.line + 1, text: editor.document.getText(sel), testable: true }];
  }
  const at = functionAt(all.filter((f) => f.testable), sel.active.line);
  return at ? [at] : [];
}

/** Streams the tests under a cancellable notification; undefined when refused or cancelled. */
async function writeTests(deps: GenerateDeps, plan: UserTestsPlan, names: string): Promise<string | undefined> {
  try {
    return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Flint: writing tests for ${names}…`, cancellable: true }, async (_progress, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      const g = await generateTests(plan.args, deps.model, deps.check, controller.signal);
      deps.services.log.info(`tests: ${names} → ${relativeName(plan.testFile)} by ${g.model} (${g.attempts} attempt${g.attempts === 1 ? '' : 's'})`);
      return g.answer;
    });
  } catch (err) {
    const message = err instanceof RefusedTests ? err.message : `the tests could not be written: ${err instanceof Error ? err.message : String(err)}`;
    if (message !== 'cancelled') void vscode.window.showErrorMessage(`Flint: ${message}.`);
    return undefined;
  }
}

/** Shows the tests as a pending edit of the test file; accepted: saved and run; rejected: a file made for them goes. */
async function propose(deps: GenerateDeps, plan: UserTestsPlan, framework: Framework, source: string, answer: string, names: string): Promise<void> {
  const testUri = vscode.Uri.file(plan.testFile);
  // A new file starts as one line break, so the tests keep a final one.
  if (!plan.exists) await vscode.workspace.fs.writeFile(testUri, new TextEncoder().encode('\n'));
  const testDocument = await vscode.workspace.openTextDocument(testUri);
  await vscode.window.showTextDocument(testDocument, { preview: false });
  if (!(await deps.edits.free(testDocument))) return;
  const refusal = sendRefusal(testDocument, deps.services) ?? (await writeRefusal(testDocument));
  if (refusal) return void vscode.window.showWarningMessage(`Flint: ${refusal}`);
  const { controller } = deps.edits;
  await controller.startGiven(testDocument, wholeDocument(testDocument), plan.args.compose(answer), `tests of ${names}`);
  const pending = controller.get(testDocument);
  if (!pending) return;
  const sub = controller.onDidChange(() => {
    if (!pending.session.settled) return;
    sub.dispose();
    if (pending.session.state === 'accepted') void testDocument.save().then(() => deps.runAndReport(framework, plan.testFile, source));
    else if (!plan.exists && testDocument.getText().trim() === '') void vscode.workspace.fs.delete(testUri).then(undefined, () => undefined);
  });
  deps.subscriptions.push(sub);
}
