import * as vscode from 'vscode';
import type { AttachedContext } from '../../chat/contextBlock';
import { looksBinary } from '../../context/looksBinary';
import { findSecret } from '../../privacy/secretScan';
import { normalizePath, sameFile } from '../../router/fileMentions';
import type { Services } from '../../services';
import { currentDenyList } from './contextDenyList';
import { realLocation } from './workspacePath';

const MAX_FILE_CHARS = 200_000;

export interface GatheredFiles {
  contexts: AttachedContext[];
  /** Files left out, with the reason, to tell the user. */
  skipped: string[];
}

/**
 * Workspace files named by the user, read for a request. Files on the deny list (and
 * `files.exclude`), files whose real location (links resolved) is outside the workspace folders
 * or on the deny list, and text that looks like a private key or token are never attached; open
 * documents are read as shown, unsaved edits included.
 */
export class WorkspaceFiles {
  constructor(private readonly services: Services) {}

  denyList(): (path: string) => boolean {
    return currentDenyList(this.services);
  }

  /** Why `uri` (shown as `path`) may not be attached, judged by where it really is; undefined when it may. */
  async realRefusal(uri: vscode.Uri, path: string, denied: (path: string) => boolean): Promise<string | undefined> {
    const real = await realLocation(uri);
    if (real?.outside) return `${path} (it leads outside the workspace folders, to ${real.real})`;
    if (real?.relative !== undefined && real.relative !== path && denied(real.relative)) {
      return `${path} (it leads to ${real.relative}, excluded by flint.context.denyList, files.exclude or the built-in list of secret files)`;
    }
    return undefined;
  }

  /**
   * Reads `mentions` (explicit: each one that cannot be attached is reported) and `named`
   * (found in prose: attached when such a file exists, silently skipped otherwise). Each file is
   * read once.
   */
  async attach(mentions: readonly string[], named: readonly string[]): Promise<GatheredFiles> {
    const contexts: AttachedContext[] = [];
    const skipped: string[] = [];
    const denied = this.denyList();
    const taken: string[] = [];
    const wanted = [...mentions.map((m) => ({ m, explicit: true })), ...named.map((m) => ({ m, explicit: false }))];
    for (const { m, explicit } of wanted) {
      if (!explicit && taken.some((p) => sameFile(p, normalizePath(m)))) continue;
      const uri = await this.resolve(m);
      if (!uri) {
        if (explicit) skipped.push(`${m} (no such file in the workspace)`);
        continue;
      }
      const path = vscode.workspace.asRelativePath(uri, false);
      if (taken.includes(path)) continue;
      taken.push(path);
      if (denied(path)) {
        skipped.push(`${path} (excluded by flint.context.denyList, files.exclude or the built-in list of secret files)`);
        continue;
      }
      const refusal = await this.realRefusal(uri, path, denied);
      if (refusal) {
        skipped.push(refusal);
        continue;
      }
      const read = await readText(uri);
      const secret = typeof read === 'string' ? findSecret(read) : undefined;
      if (typeof read !== 'string') skipped.push(`${path} (${read.reason})`);
      else if (secret) skipped.push(`${path} (line ${secret.line} looks like ${secret.kind}; Flint does not send it)`);
      else contexts.push({ path, text: read, language: languageOf(path) });
    }
    return { contexts, skipped };
  }

  /** Names resolve inside the workspace folders only. */
  async resolve(mention: string): Promise<vscode.Uri | undefined> {
    if (/^([\\/]|[A-Za-z]:)/.test(mention) || mention.split(/[\\/]/).includes('..')) return undefined;
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const uri = vscode.Uri.joinPath(folder.uri, mention);
      if (await isFile(uri)) return uri;
    }
    // A bare name ("main.ts") finds the file anywhere in the workspace.
    const glob = `**/${mention.replace(/[[\]{}*?]/g, '?')}`;
    const [found] = await vscode.workspace.findFiles(glob, undefined, 1);
    return found;
  }
}

async function isFile(uri: vscode.Uri): Promise<boolean> {
  try {
    return (await vscode.workspace.fs.stat(uri)).type === vscode.FileType.File;
  } catch {
    return false;
  }
}

async function readText(uri: vscode.Uri): Promise<string | { reason: string }> {
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.size > MAX_FILE_CHARS * 4) return { reason: `too large: ${Math.round(stat.size / 1024)} KB` };
    // An open document may have unsaved edits: send what the user sees.
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    const text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    if (looksBinary(text)) return { reason: 'binary file' };
    return text.length > MAX_FILE_CHARS ? { reason: `too large: ${text.length} characters` } : text;
  } catch (err) {
    return { reason: `could not be read: ${err instanceof Error ? err.message : String(err)}` };
  }
}

function languageOf(path: string): string {
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') ? path.slice(dot + 1) : '';
}
