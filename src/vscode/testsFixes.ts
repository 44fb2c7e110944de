import * as vscode from 'vscode';
import { enclosingBlock, type LineRange } from '../context/enclosingBlock';
import { functionAt, languageOf, sourceFunctions } from '../tests/sourceFunctions';
import { isFlintTestPath } from '../tests/testPaths';
import type { FailedTest } from './testsExplorer';

/** Most characters of a failure put in the instruction (the head holds the assertion). */
const MAX_FAILURE = 1500;

function failureText(f: FailedTest): string {
  const m = (f.result.message ?? 'failed').trim();
  return m.length > MAX_FAILURE ? `${m.slice(0, MAX_FAILURE)}…` : m;
}

function lines(document: vscode.TextDocument): string[] {
  return Array.from({ length: document.lineCount }, (_, i) => document.lineAt(i).text);
}

/** The name of the function whose section (in Flint's file) holds `line`. */
function sectionAt(document: vscode.TextDocument, line: number): { name: string; range: LineRange } | undefined {
  const all = lines(document);
  let open: { name: string; start: number } | undefined;
  for (let i = 0; i < all.length; i++) {
    const b = /^(?:\/\/|#) flint:begin (\S+)/.exec(all[i]);
    if (b) open = { name: b[1], start: i + 1 };
    if (open && /^(?:\/\/|#) flint:end\b/.test(all[i])) {
      if (line >= open.start && line < i) return { name: open.name, range: { start: open.start, end: i } };
      open = undefined;
    }
  }
  return undefined;
}

/** Where a failing test is: its line in the test file. */
function testLine(f: FailedTest, document: vscode.TextDocument): number {
  if (f.result.line !== undefined) return f.result.line;
  const i = lines(document).findIndex((l) => l.includes(f.result.title));
  return Math.max(0, i);
}

/** The region "Fix the test" rewrites: the test's section in Flint's file, else its block. */
export function testRegion(f: FailedTest, document: vscode.TextDocument, tabSize: number): LineRange {
  const line = testLine(f, document);
  if (isFlintTestPath(document.uri.path)) {
    const s = sectionAt(document, line);
    if (s) return s.range;
  }
  return enclosingBlock(lines(document), line, tabSize);
}

export function fixTestInstruction(f: FailedTest, source?: string): string {
  const from = source ? ` of ${vscode.workspace.asRelativePath(source)}` : '';
  return `Fix this test${from}: the code is right and the test is wrong. "${f.result.name}" fails with:\n${failureText(f)}`;
}

/** The function "Fix the code" rewrites: the one the failing test's section (or name) is about. */
export function codeRegion(f: FailedTest, testDocument: vscode.TextDocument, source: vscode.TextDocument): LineRange | undefined {
  const language = languageOf(source.uri.path);
  if (!language) return undefined;
  const fns = sourceFunctions(source.getText(), language);
  const section = isFlintTestPath(testDocument.uri.path) ? sectionAt(testDocument, testLine(f, testDocument)) : undefined;
  const byName = fns.find((fn) => fn.name === section?.name) ?? fns.find((fn) => new RegExp(`\\b${fn.name.split('.').pop()}\\b`).test(f.result.name));
  if (byName) return { start: byName.startLine, end: byName.endLine };
  // Not named anywhere: the function at the cursor in the source editor, if any.
  const editor = vscode.window.visibleTextEditors.find((e) => e.document === source);
  const at = editor ? functionAt(fns, editor.selection.active.line) : undefined;
  return at ? { start: at.startLine, end: at.endLine } : undefined;
}

export function fixCodeInstruction(f: FailedTest): string {
  return `Fix this code: the test is right and the code is wrong. The test "${f.result.name}" in ${vscode.workspace.asRelativePath(f.testFile)} fails with:\n${failureText(f)}`;
}
