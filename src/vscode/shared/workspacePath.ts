import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import * as vscode from 'vscode';
import { isInsideFolders, isInsideFoldersOf } from '../../privacy/insideFolders';

/**
 * Where a file really is (symlinks resolved) and whether that is inside the workspace folders.
 * A file reached through a link inside the workspace that points elsewhere is outside. Files on
 * disk and a remote window's files are checked; with no folder open there is no workspace to be
 * outside of.
 */
export interface RealLocation {
  /** The real path (the file's own path when it cannot be resolved, e.g. not saved yet). */
  real: string;
  /** The real path relative to its workspace folder, when inside one. */
  relative?: string;
  outside: boolean;
}

/** The scheme of a remote window's files (SSH, WSL, containers). */
const REMOTE = 'vscode-remote';

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

/**
 * A remote window's file while Flint runs on this machine (extensionKind "ui"): its links cannot
 * be followed from here, so it is judged by its path against the folders on the same remote.
 */
function remoteLocation(uri: vscode.Uri): RealLocation | undefined {
  const folders = vscode.workspace.workspaceFolders ?? [];
  if (folders.length === 0) return undefined;
  const outside = !isInsideFoldersOf(uri, folders.map((f) => f.uri));
  return outside ? { real: uri.path, outside } : { real: uri.path, relative: vscode.workspace.asRelativePath(uri, false), outside };
}

/** Synchronous (one system call per path): for checks on the keystroke path. */
export function realLocationSync(uri: vscode.Uri): RealLocation | undefined {
  if (uri.scheme === REMOTE) return remoteLocation(uri);
  if (uri.scheme !== 'file') return undefined;
  return locate(safeSync(uri.fsPath), folderRealPaths(safeSync));
}

export async function realLocation(uri: vscode.Uri): Promise<RealLocation | undefined> {
  if (uri.scheme === REMOTE) return remoteLocation(uri);
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
