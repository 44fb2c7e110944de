import * as vscode from 'vscode';
import { enclosingBlock, type LineRange } from '../../code/enclosingBlock';
import { sectionAt } from '../../tests/flintTestFile';
import { functionByKey, keyName } from '../../tests/functionKeys';
import { functionAt, languageOf, shortName, type FunctionFinder } from '../../tests/sourceFunctions';
import { testLines } from '../../tests/testCoverage';
import type { TestLedger } from '../../tests/testLedger';
import { isFlintTestPath } from '../../tests/testPaths';
import type { InlineEdits } from '../shared/inlineEdits';
import type { FailedTest, TestsExplorer } from './testsExplorer';
import { relativeName } from './testsWorkspace';

/** Most characters of a failure put in the instruction (the head holds the assertion). */
const MAX_FAILURE = 1500;

/** Argument of the Fix commands: a failure from a notification or a diagnostic, or a test message's menu in the Testing views. */
export type FixArg = FailedTest | { test?: vscode.TestItem } | undefined;

function failureText(f: FailedTest): string {
  const m = (f.result.message ?? 'failed').trim();
  return m.length > MAX_FAILURE ? `${m.slice(0, MAX_FAILURE)}…` : m;
}

function lines(document: vscode.TextDocument): string[] {
  return Array.from({ length: document.lineCount }, (_, i) => document.lineAt(i).text);
}

/** Where a failing test is: its line in the test file. */
function testLine(f: FailedTest, document: vscode.TextDocument): number {
  const language = languageOf(document.uri.path);
  const found = language ? testLines(document.getText(), f.result, language) : undefined;
  if (found) return found.start;
  if (f.result.line !== undefined) return f.result.line;
  return Math.max(0, lines(document).findIndex((l) => l.includes(f.result.title)));
}

/** The region "Fix the test" rewrites: the test's section in Flint's file, else its block. */
export function testRegion(f: FailedTest, document: vscode.TextDocument, tabSize: number): LineRange {
  const line = testLine(f, document);
  if (isFlintTestPath(document.uri.path)) {
    const s = sectionAt(lines(document), line);
    if (s) return { start: s.start, end: s.end };
  }
  return enclosingBlock(lines(document), line, tabSize);
}

/** The region "Update the test" rewrites: that test alone. */
export function oneTestRegion(f: FailedTest, document: vscode.TextDocument, tabSize: number): LineRange {
  const language = languageOf(document.uri.path);
  return (language ? testLines(document.getText(), f.result, language) : undefined) ?? enclosingBlock(lines(document), testLine(f, document), tabSize);
}

export function fixTestInstruction(f: FailedTest, source?: string): string {
  const from = source ? ` of ${relativeName(source)}` : '';
  return `Fix this test${from}: the code is right and the test is wrong. "${f.result.name}" fails with:\n${failureText(f)}`;
}

export function updateTestInstruction(f: FailedTest): string {
  const what = f.fn ? `\`${keyName(f.fn)}\`` : 'the code under test';
  return `Update this test: ${what} was changed on purpose, and "${f.result.name}" passed before the change and fails now with:\n${failureText(f)}\nChange only what the new behaviour makes wrong; keep every other assertion.`;
}

export function fixCodeInstruction(f: FailedTest): string {
  const before = f.previous ? `\nBefore the change, when the test passed, it read:\n${f.previous}` : '';
  const passed = f.regression ? ' It passed before this change.' : '';
  return `Fix this code: the test is right and the code is wrong. The test "${f.result.name}" in ${relativeName(f.testFile)} fails with:\n${failureText(f)}${passed}${before}`;
}

/** The function "Fix the code" rewrites: the regression's function, else the one the failing test's section (or name) is about. */
export async function codeRegion(f: FailedTest, testDocument: vscode.TextDocument, source: vscode.TextDocument, findFunctions: FunctionFinder): Promise<LineRange | undefined> {
  const fns = await findFunctions(source.getText(), source.uri.fsPath);
  const section = isFlintTestPath(testDocument.uri.path) ? sectionAt(lines(testDocument), testLine(f, testDocument)) : undefined;
  const named = f.fn ?? section?.name;
  const byName = (named ? functionByKey(fns, named) : undefined) ?? fns.find((fn) => new RegExp(`\\b${shortName(fn.name).replace(/[$]/g, '\\$&')}\\b`).test(f.result.name));
  if (byName) return { start: byName.startLine, end: byName.endLine };
  // Not named anywhere: the function at the cursor in the source editor, if any.
  const editor = vscode.window.visibleTextEditors.find((e) => e.document === source);
  const at = editor ? functionAt(fns, editor.selection.active.line) : undefined;
  return at ? { start: at.startLine, end: at.endLine } : undefined;
}

export interface FixDeps {
  edits: InlineEdits;
  explorer: TestsExplorer;
  ledger: TestLedger;
  findFunctions: FunctionFinder;
  /** Whether Flint may not send this document (says why when it may not). */
  refused(document: vscode.TextDocument): boolean;
  /** Runs a test file again after an accepted change to it. */
  rerun(testFile: string, source?: string): Promise<void>;
}

/** A failure from any of the places that offer the fixes, with what the ledger knows of it. */
function resolveFailure(arg: FixArg, deps: FixDeps): FailedTest | undefined {
  const f = arg && 'result' in arg ? arg : arg && 'test' in arg && arg.test ? deps.explorer.failure(arg.test.id) : undefined;
  if (!f) return undefined;
  const known = deps.ledger.get(f.testFile, f.result.name);
  if (known?.status !== 'regressed') return f;
  return { ...f, regression: true, ...(known.fn && !f.fn ? { fn: known.fn } : {}), ...(known.source && !f.source ? { source: known.source } : {}) };
}

/** Fix the test, Update the test, Fix the code: each an ordinary pending inline edit, applied only on Accept. */
export function fixCommands(deps: FixDeps) {
  const open = async (path: string) => {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(path));
    const editor = await vscode.window.showTextDocument(document, { preview: false });
    if (deps.refused(document) || !(await deps.edits.free(document))) return undefined;
    return { document, tabSize: typeof editor.options.tabSize === 'number' ? editor.options.tabSize : 4 };
  };
  /** Accepted: the test file is saved and runs again, so the Test Explorer shows the change. */
  const rerunOnAccept = (document: vscode.TextDocument, source?: string) => {
    const pending = deps.edits.controller.get(document);
    if (!pending) return;
    const sub = deps.edits.controller.onDidChange(() => {
      if (!pending.session.settled) return;
      sub.dispose();
      if (pending.session.state === 'accepted') void document.save().then(() => deps.rerun(document.uri.fsPath, source));
    });
  };
  return {
    fixTest: async (arg: FixArg) => {
      const f = resolveFailure(arg, deps);
      const at = f && (await open(f.testFile));
      if (!f || !at) return;
      deps.edits.controller.startGenerated(at.document, testRegion(f, at.document, at.tabSize), fixTestInstruction(f, f.source));
      rerunOnAccept(at.document, f.source);
    },
    updateTest: async (arg: FixArg) => {
      const f = resolveFailure(arg, deps);
      const at = f && (await open(f.testFile));
      if (!f || !at) return;
      deps.edits.controller.startGenerated(at.document, oneTestRegion(f, at.document, at.tabSize), updateTestInstruction(f));
      rerunOnAccept(at.document, f.source);
    },
    fixCode: async (arg: FixArg) => {
      const f = resolveFailure(arg, deps);
      if (!f) return;
      if (!f.source) {
        void vscode.window.showInformationMessage('Flint: open the code under test, put the cursor in the function and run "Flint: Edit Selection" with the failure.');
        return;
      }
      const testDocument = await vscode.workspace.openTextDocument(vscode.Uri.file(f.testFile));
      const at = await open(f.source);
      if (!at) return;
      const range = await codeRegion(f, testDocument, at.document, deps.findFunctions);
      if (!range) {
        void vscode.window.showInformationMessage(`Flint: could not tell which function of ${relativeName(f.source)} "${f.result.name}" tests.`);
        return;
      }
      deps.edits.controller.startGenerated(at.document, range, fixCodeInstruction(f));
    },
  };
}
