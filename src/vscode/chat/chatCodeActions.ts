import * as vscode from 'vscode';
import { applyPathRefusal } from '../../chat/applyTarget';
import type { CodeAction } from '../../chat/chatProtocol';
import { safeExternalUrl } from '../../chat/linkPolicy';
import type { Services } from '../../services';
import type { ChatEditorContext } from './chatEditorContext';
import { sendRefusal } from '../shared/editTarget';

/** Runs a code block's button; returns what to tell the user in the chat view. */
export async function runCodeAction(
  action: CodeAction,
  code: string,
  path: string | undefined,
  editors: ChatEditorContext,
  services: Services,
): Promise<string> {
  switch (action) {
    case 'copy':
      await vscode.env.clipboard.writeText(code);
      return 'Copied.';
    case 'insert':
      return insertAtCursor(code, editors.targetEditor);
    case 'apply':
      return applyToFile(code, path, editors.targetEditor, services);
  }
}

async function insertAtCursor(code: string, editor: vscode.TextEditor | undefined): Promise<string> {
  if (!editor) return 'Open a file and place the cursor where the code should go, then Insert again.';
  const shown = await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, preserveFocus: false });
  const ok = await shown.edit((b) => {
    for (const sel of shown.selections) b.replace(sel, code);
  });
  return ok ? `Inserted into ${vscode.workspace.asRelativePath(editor.document.uri, false)}.` : 'The editor refused the edit (read-only?).';
}

/**
 * Hands the code to the inline-edit engine, which shows it as a pending diff to accept or
 * reject. The target is the file named in the code fence, else the last active editor. A named
 * file that is refused (Git or VS Code folders, the deny list, outside the workspace) is said
 * so in the chat: the code never silently goes to another file instead.
 */
async function applyToFile(code: string, path: string | undefined, editor: vscode.TextEditor | undefined, services: Services): Promise<string> {
  const commands = await vscode.commands.getCommands(true);
  if (!commands.includes('flint.applyToFile')) return 'Apply is not available: the inline edit feature is not loaded.';
  let uri: vscode.Uri | undefined;
  if (path) {
    const refused = applyPathRefusal(path);
    if (refused) return refused;
    uri = await workspaceFile(path);
    if (!uri) return `Not applied: ${path} is not a file in this workspace. Nothing was changed.`;
  } else {
    uri = editor?.document.uri;
    if (!uri) return 'Open the file to apply this code to, then Apply again.';
    const refused = applyPathRefusal(vscode.workspace.asRelativePath(uri, false));
    if (refused && vscode.workspace.getWorkspaceFolder(uri)) return refused;
  }
  const document = await vscode.workspace.openTextDocument(uri);
  const denied = sendRefusal(document, services);
  if (denied) return `Not applied: ${denied}`;
  const shown = await vscode.commands.executeCommand<boolean>('flint.applyToFile', { uri: uri.toString(), text: code });
  const name = vscode.workspace.asRelativePath(uri, false);
  return shown === false ? `The change to ${name} was not shown (see the editor's message).` : `Showing the change to ${name}: accept or reject it in the editor.`;
}

/** A file inside a workspace folder (paths reaching outside were refused before). */
async function workspaceFile(path: string): Promise<vscode.Uri | undefined> {
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    const uri = vscode.Uri.joinPath(folder.uri, path);
    try {
      if ((await vscode.workspace.fs.stat(uri)).type === vscode.FileType.File) return uri;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

/** Web links from answers open outside the editor, after VS Code's own confirmation. */
export async function openLink(href: string): Promise<string | undefined> {
  const url = safeExternalUrl(href);
  if (!url) return 'That link was not opened: only web and mail links are.';
  await vscode.env.openExternal(vscode.Uri.parse(url, true));
  return undefined;
}
