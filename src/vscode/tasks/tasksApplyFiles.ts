import * as vscode from 'vscode';
import type { WorkspacePath } from '../../tasks/changeSet';
import type { FileOutcome } from '../../tasks/merge/fileOutcome';
import type { CurrentText } from '../../tasks/merge/mergeFile';

/**
 * The file a change set's path names: inside the workspace folder the task worked on (`folder`,
 * absolute; absent: the first), never outside it.
 */
export function workspaceUri(path: WorkspacePath, folder?: string): vscode.Uri {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const root = folder === undefined ? folders[0] : folders.find((f) => f.uri.scheme === 'file' && f.uri.fsPath === folder);
  if (!root) throw new Error(`Open the folder the task worked on${folder === undefined ? '' : ` (${folder})`} to apply its result.`);
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path) || path.split('/').includes('..')) throw new Error(`The task's result names a path outside the workspace (${path}); nothing was applied.`);
  return vscode.Uri.joinPath(root.uri, path);
}

/** The user's text of each path now, unsaved edits included (those a reload restored too). */
export async function currentTexts(paths: Iterable<WorkspacePath>, folder?: string): Promise<CurrentText> {
  const texts = new Map<WorkspacePath, string | undefined>();
  for (const path of new Set(paths)) {
    const uri = workspaceUri(path, folder);
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (open) {
      texts.set(path, open.getText());
      continue;
    }
    try {
      await vscode.workspace.fs.stat(uri);
    } catch (err) {
      if (!(err instanceof vscode.FileSystemError && err.code === 'FileNotFound')) throw err;
      texts.set(path, undefined);
      continue;
    }
    // As the editor has it: an editor a reload restored with unsaved text holds that text, not the file's.
    texts.set(path, (await vscode.workspace.openTextDocument(uri)).getText());
  }
  return (p) => texts.get(p);
}

/** The user typed between the merge and its apply: merge again. */
export class StaleText extends Error {}

/**
 * Applies one file's outcome as its own workspace edit, so each file is one undo step. An open
 * buffer is edited in place (its unsaved edits stay, and it stays unsaved); a file that was not
 * dirty is saved after, so the disk holds what the review accepted.
 */
export async function applyOutcome(outcome: FileOutcome, folder?: string): Promise<void> {
  const uri = workspaceUri(outcome.path, folder);
  const edit = new vscode.WorkspaceEdit();
  if (outcome.before === undefined) {
    edit.createFile(uri, { contents: new TextEncoder().encode(outcome.after ?? ''), overwrite: false });
  } else if (outcome.after === undefined) {
    edit.deleteFile(uri, { ignoreIfNotExists: true });
  } else {
    const doc = await vscode.workspace.openTextDocument(uri);
    if (doc.getText() !== outcome.before) throw new StaleText(`${outcome.path} changed while it was being merged`);
    const wasDirty = doc.isDirty;
    const edits = outcome.edits ?? [{ offset: 0, length: outcome.before.length, text: outcome.after }];
    for (const e of edits) edit.replace(uri, new vscode.Range(doc.positionAt(e.offset), doc.positionAt(e.offset + e.length)), e.text);
    if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`The editor refused the change to ${outcome.path}.`);
    if (!wasDirty) await doc.save();
    return;
  }
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error(`The editor refused to ${outcome.after === undefined ? 'delete' : 'create'} ${outcome.path}.`);
}
