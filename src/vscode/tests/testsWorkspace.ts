import { existsSync, readFileSync, rmSync } from 'node:fs';
import * as vscode from 'vscode';
import type { FileProbe } from '../../tests/frameworkDetect';

/** The workspace's files for the tests: open documents first (what the user sees), else the disk. */
export function workspaceProbe(): FileProbe {
  return {
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
}

/** The workspace folder holding a path: each folder is a root of its own. */
export function folderOf(path: string): string | undefined {
  return vscode.workspace.getWorkspaceFolder(vscode.Uri.file(path))?.uri.fsPath;
}

/** Reads a runner's results file and removes it. */
export async function takeResultFile(path: string): Promise<string | undefined> {
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, 'utf8');
  rmSync(path, { force: true });
  return text;
}

export const relativeName = (path: string): string => vscode.workspace.asRelativePath(path);
