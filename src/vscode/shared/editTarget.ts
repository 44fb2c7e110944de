import * as vscode from 'vscode';
import type { ContextHub } from '../../context/contextHub';
import { enclosingBlock } from '../../code/enclosingBlock';
import type { LineRange } from '../../code/lineRange';
import { secretRefusal } from '../../privacy/secretScan';
import { surroundingLines } from '../../rewrite/editPrompt';
import type { EditTarget } from '../../rewrite/rewriteTypes';
import type { Services } from '../../services';
import { currentDenyList } from './contextDenyList';
import { outsideMessage, realLocationSync } from './workspacePath';

/** Characters of code around the region the model sees (above and below together). */
const CONTEXT_CHARS = 12_000;

/**
 * Why this document cannot be sent to a model, or undefined when it can: an untrusted
 * workspace, a file on the deny list (by its name or by where a link leads), a file whose real
 * location is outside the workspace folders, or text that looks like a private key or token.
 * Every surface that sends a document asks this, so all refuse the same way.
 */
export function sendRefusal(document: vscode.TextDocument, services: Services): string | undefined {
  if (!vscode.workspace.isTrusted) return 'Flint sends nothing to a model in an untrusted workspace. Trust the workspace to edit with Flint.';
  const denied = currentDenyList(services);
  const name = vscode.workspace.asRelativePath(document.uri, false);
  const real = realLocationSync(document.uri);
  if (denied(name) || (real?.relative !== undefined && denied(real.relative))) {
    return `Flint does not send ${name} to a model: it matches the deny list (built-in secrets, flint.context.denyList or files.exclude).`;
  }
  if (real?.outside) return outsideMessage(name, real.real);
  return secretRefusal(name, document.getText());
}

/**
 * Whether the document may be sent and edited; when not, says why (with the way to trust the
 * workspace where that is the reason) and answers false.
 */
export async function mayEdit(document: vscode.TextDocument, services: Services): Promise<boolean> {
  const refusal = sendRefusal(document, services) ?? (await writeRefusal(document));
  if (!refusal) return true;
  const actions = vscode.workspace.isTrusted ? [] : ['Manage Workspace Trust'];
  const pick = await vscode.window.showWarningMessage(`Flint: ${refusal}`, ...actions);
  if (pick) void vscode.commands.executeCommand('workbench.trust.manage');
  return false;
}

/** Why this document cannot be changed, or undefined when it can. */
export async function writeRefusal(document: vscode.TextDocument): Promise<string | undefined> {
  const name = vscode.workspace.asRelativePath(document.uri);
  const readOnly = `${name} is read-only; Flint cannot edit it.`;
  if (vscode.workspace.fs.isWritableFileSystem(document.uri.scheme) === false) return readOnly;
  if (document.uri.scheme !== 'untitled') {
    try {
      const stat = await vscode.workspace.fs.stat(document.uri);
      if ((stat.permissions ?? 0) & vscode.FilePermission.Readonly) return readOnly;
    } catch {
      // Not on a file system we can ask (e.g. a virtual document): the edit itself will tell.
    }
  }
  return undefined;
}

/** Whole lines covered by the selection; with none, the enclosing block (by indentation) or the line. */
export function selectedLines(editor: vscode.TextEditor): LineRange {
  const sel = editor.selection;
  if (!sel.isEmpty) return linesOf(sel.start.line, sel.end.line, sel.end.character);
  const tabSize = typeof editor.options.tabSize === 'number' ? editor.options.tabSize : 4;
  return enclosingBlock(allLines(editor.document), sel.active.line, tabSize);
}

/** The document's lines, without the empty line after a final line break (it is kept as is). */
export function wholeDocument(document: vscode.TextDocument): LineRange {
  const last = document.lineAt(document.lineCount - 1);
  return { start: 0, end: document.lineCount > 1 && last.text === '' ? document.lineCount - 1 : document.lineCount };
}

/** Whole lines of a character range; a range ending at the start of a line leaves that line out. */
export function linesOf(startLine: number, endLine: number, endCharacter: number): LineRange {
  return { start: startLine, end: endCharacter === 0 && endLine > startLine ? endLine : endLine + 1 };
}

/** The region to rewrite, the lines around it, and (given `hub`) the definitions and diagnostics it touches. */
export function editTarget(document: vscode.TextDocument, range: LineRange, hub?: ContextHub): EditTarget {
  const lines = allLines(document);
  const around = surroundingLines(lines, range.start, range.end, CONTEXT_CHARS);
  const path = vscode.workspace.asRelativePath(document.uri, false);
  const visible = { start: range.start - lineCount(around.before), end: range.end + lineCount(around.after) };
  const related = hub?.build({ surface: 'edit', path, lines, focus: range, visible }).text;
  return {
    startLine: range.start,
    lines: lines.slice(range.start, range.end),
    context: { path: vscode.workspace.asRelativePath(document.uri), languageId: document.languageId, ...around, ...(related ? { related } : {}) },
    files: [vscode.workspace.asRelativePath(document.uri)],
  };
}

function lineCount(text: string): number {
  return text ? text.split('\n').length : 0;
}

function allLines(document: vscode.TextDocument): string[] {
  return Array.from({ length: document.lineCount }, (_, i) => document.lineAt(i).text);
}
