import * as vscode from 'vscode';
import type { TaskResultsStorage } from '../../tasks/taskResults';

/**
 * Task results as a JSON file in the workspace's storage folder, written to a temporary file
 * and renamed over the old one, so a crash mid-write leaves the previous state whole.
 */
export function taskResultsFile(context: vscode.ExtensionContext): TaskResultsStorage {
  const dir = context.storageUri ?? context.globalStorageUri;
  const file = vscode.Uri.joinPath(dir, 'task-results.json');
  const temp = vscode.Uri.joinPath(dir, 'task-results.json.tmp');
  return {
    async read() {
      try {
        return new TextDecoder().decode(await vscode.workspace.fs.readFile(file));
      } catch (err) {
        if (err instanceof vscode.FileSystemError && err.code === 'FileNotFound') return undefined;
        throw err;
      }
    },
    async write(json) {
      await vscode.workspace.fs.createDirectory(dir);
      await vscode.workspace.fs.writeFile(temp, new TextEncoder().encode(json));
      await vscode.workspace.fs.rename(temp, file, { overwrite: true });
    },
  };
}

/** Moves a damaged state file aside (kept for the user), so new results can be saved. */
export async function setAsideDamaged(context: vscode.ExtensionContext): Promise<vscode.Uri> {
  const dir = context.storageUri ?? context.globalStorageUri;
  const aside = vscode.Uri.joinPath(dir, `task-results.damaged-${Date.now()}.json`);
  await vscode.workspace.fs.rename(vscode.Uri.joinPath(dir, 'task-results.json'), aside);
  return aside;
}
