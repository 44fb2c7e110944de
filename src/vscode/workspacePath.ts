import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import * as vscode from 'vscode';
import { isInsideFolders } from '../context/insideFolders';

/**
 * Where a file really is (symlinks resolved) and whether that is inside the workspace folders.
 * A file reached through a link inside the workspace that points elsewhere is outside. Only
 * files on disk are checked; with no folder open there is no workspace to be outside of.
 */
export interface RealLocation {
  /** The real path (the file's own path when it cannot be resolved, e.g. not saved yet). */
  real: string;
  /** The real path relative to its workspace folder, when inside one. */
  relative?: string;
  outside: boolean;
}

function folderRealPaths(resolve: (p: string) => string): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => resolve(f.uri.fsPath));
}

function locate(real: string, folders: string[]): RealLocation | undefined {
  if ((vscode.workspace.workspaceFolders ?? []).length === 0) return undefined;
  const outside = !isInsideFolders(real, folders);
  if (outside) return { real, outside };
  const relative = vscode.workspace.asRelativePath(vscode.Uri.file(real), false);
  return { real, relative, outside };
}

const safeSync = (p: string) => {
  try {
    return realpathSync.native(p);
  } catch {
    return p;
  }
};

/** Synchronous (one system call per path): for checks on the keystroke path. */
export function realLocationSync(uri: vscode.Uri): RealLocation | undefined {
  if (uri.scheme !== 'file') return undefined;
  return locate(safeSync(uri.fsPath), folderRealPaths(safeSync));
}

export async function realLocation(uri: vscode.Uri): Promise<RealLocation | undefined> {
  if (uri.scheme !== 'file') return undefined;
  const safe = async (p: string) => {
    try {
      return await realpath(p);
    } catch {
      return p;
    }
  };
  const folders = await Promise.all((vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => safe(f.uri.fsPath)));
  return locate(await safe(uri.fsPath), folders);
}

/** The refusal for a file whose real location is outside the workspace folders. */
export function outsideMessage(name: string, real: string): string {
  return `Flint works only with files inside the workspace folders: ${name} resolves to ${real}, outside them.`;
}
