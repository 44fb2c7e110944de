import * as vscode from 'vscode';
import type { ContextChip, MentionItem } from '../chat/chatProtocol';
import { attachmentLabel } from '../chat/chatTypes';
import type { AttachedContext } from '../chat/contextBlock';
import { formatMention, parseMentions } from '../chat/mentions';
import { rankPaths } from '../chat/pathMatch';
import { createDenyList } from '../context/denyList';
import { looksBinary } from '../context/looksBinary';
import type { Services } from '../services';

const MAX_FILE_CHARS = 200_000;
const FILE_LIST_CAP = 5_000;
const FILE_LIST_TTL_MS = 30_000;
const MENTION_RESULTS = 20;

export interface GatheredContext {
  contexts: AttachedContext[];
  /** Files left out, with the reason, to tell the user. */
  skipped: string[];
}

/**
 * What the chat can see of the editor: the active selection (or visible lines) offered as a
 * removable chip, and `@file` mentions resolved to workspace files. Files on the deny list are
 * never read, never offered for completion and never attached.
 */
export class ChatEditorContext implements vscode.Disposable {
  private editor: vscode.TextEditor | undefined = vscode.window.activeTextEditor;
  private dismissed: string | undefined;
  private files: { at: number; paths: Promise<string[]> } | undefined;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly services: Services,
    onChipChange: () => void,
  ) {
    this.subscriptions = [
      // The chat view taking focus leaves no active editor: remember the last one.
      vscode.window.onDidChangeActiveTextEditor((e) => {
        if (e && isSourceDocument(e.document)) this.editor = e;
        onChipChange();
      }),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (e.textEditor === this.editor) onChipChange();
      }),
      vscode.window.onDidChangeTextEditorVisibleRanges((e) => {
        if (e.textEditor === this.editor) onChipChange();
      }),
      vscode.workspace.onDidCreateFiles(() => (this.files = undefined)),
      vscode.workspace.onDidDeleteFiles(() => (this.files = undefined)),
    ];
  }

  /** The editor that Insert and Apply act on. */
  get targetEditor(): vscode.TextEditor | undefined {
    const e = this.editor;
    return e && !e.document.isClosed ? e : undefined;
  }

  chip(): ContextChip | undefined {
    const sel = this.selection();
    if (!sel || sel.key === this.dismissed) return undefined;
    return { label: attachmentLabel(sel.context), title: `${sel.context.path}, lines ${sel.context.startLine}-${sel.context.endLine} (attached to your next message)` };
  }

  /** Hide the chip until the selection or editor changes. */
  dismiss(): void {
    this.dismissed = this.selection()?.key;
  }

  async gather(text: string): Promise<GatheredContext> {
    const contexts: AttachedContext[] = [];
    const skipped: string[] = [];
    const sel = this.selection();
    if (sel && sel.key !== this.dismissed) contexts.push(sel.context);
    const denied = this.denyList();
    for (const mention of parseMentions(text)) {
      const uri = await this.resolve(mention);
      if (!uri) {
        skipped.push(`${mention} (no such file in the workspace)`);
        continue;
      }
      const path = vscode.workspace.asRelativePath(uri, false);
      if (denied(path)) {
        skipped.push(`${path} (excluded by flint.context.denyList, files.exclude or the built-in list of secret files)`);
        continue;
      }
      const read = await readText(uri);
      if (typeof read !== 'string') skipped.push(`${path} (${read.reason})`);
      else contexts.push({ path, text: read, language: languageOf(path) });
    }
    return { contexts, skipped };
  }

  async mentionItems(query: string): Promise<MentionItem[]> {
    const denied = this.denyList();
    const paths = (await this.workspaceFiles()).filter((p) => !denied(p));
    return rankPaths(paths, query, MENTION_RESULTS).map((path) => ({ path, insert: formatMention(path) }));
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }

  private selection(): { key: string; context: AttachedContext } | undefined {
    const editor = this.targetEditor;
    if (!editor) return undefined;
    const doc = editor.document;
    const path = vscode.workspace.asRelativePath(doc.uri, false);
    if (this.denyList()(path)) return undefined;
    const range = editor.selection.isEmpty ? editor.visibleRanges[0] : editor.selection;
    if (!range) return undefined;
    const startLine = range.start.line + 1;
    // A selection ending at column 0 does not include that line.
    const endLine = range.end.character === 0 && range.end.line > range.start.line ? range.end.line : range.end.line + 1;
    const text = doc.getText(new vscode.Range(startLine - 1, 0, endLine - 1, doc.lineAt(endLine - 1).text.length));
    return {
      key: `${doc.uri.toString()}#${startLine}-${endLine}#${editor.selection.isEmpty ? 'visible' : 'selection'}`,
      context: { path, startLine, endLine, text, language: doc.languageId },
    };
  }

  private denyList(): (path: string) => boolean {
    const exclude = vscode.workspace.getConfiguration('files').get<Record<string, boolean>>('exclude') ?? {};
    const globs = Object.entries(exclude).filter(([, on]) => on).map(([g]) => g);
    return createDenyList(this.services.config()['context.denyList'], globs);
  }

  /** Mentions name files inside the workspace folders only. */
  private async resolve(mention: string): Promise<vscode.Uri | undefined> {
    if (/^([\\/]|[A-Za-z]:)/.test(mention) || mention.split(/[\\/]/).includes('..')) return undefined;
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const uri = vscode.Uri.joinPath(folder.uri, mention);
      if (await isFile(uri)) return uri;
    }
    // A bare name ("@main.ts") finds the file anywhere in the workspace.
    const glob = `**/${mention.replace(/[[\]{}*?]/g, '?')}`;
    const [found] = await vscode.workspace.findFiles(glob, undefined, 1);
    return found;
  }

  private workspaceFiles(): Promise<string[]> {
    const now = this.services.now();
    if (!this.files || now - this.files.at > FILE_LIST_TTL_MS) {
      const paths = vscode.workspace
        .findFiles('**/*', undefined, FILE_LIST_CAP)
        .then((uris) => uris.map((u) => vscode.workspace.asRelativePath(u, false)));
      this.files = { at: now, paths: Promise.resolve(paths) };
    }
    return this.files.paths;
  }
}

function isSourceDocument(doc: vscode.TextDocument): boolean {
  return doc.uri.scheme !== 'output' && doc.uri.scheme !== 'debug';
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
