import * as vscode from 'vscode';
import { looksBinary } from '../../context/looksBinary';
import { languageIdOfPath } from '../../code/parserLanguages';
import type { SymbolIndex } from '../../code/symbolIndex';
import type { Logger } from '../../log/logger';

/** Files the workspace index reads at most; a larger workspace is indexed in part (open files always). */
const MAX_FILES = 4_000;
/** Larger files are generated or data. */
const MAX_FILE_BYTES = 512_000;
const SOURCE_GLOB = '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs,py,pyi,go}';
/** Imports followed from an open file before the first pass reaches them: its own, and those of the barrels they name. */
const IMPORT_HOPS = 2;
/** The first pass updates its progress in the status bar every this many files. */
const PROGRESS_EVERY = 25;
/** Never worth indexing, whatever files.exclude says. */
const SKIPPED_FOLDERS = '**/{node_modules,.git,dist,out,build,coverage,__pycache__,.venv,venv,.tox,vendor}/**';

/**
 * Keeps the symbol index in step with the workspace: every source file once, in the background
 * and one file at a time (the host stays responsive), open documents as they are shown (unsaved
 * edits included) on open, save and pause, and files created, changed or deleted on disk.
 * Denied files are never read.
 */
export class ContextIndexer {
  private stopped = false;

  constructor(
    private readonly index: SymbolIndex,
    private readonly isDenied: (target: vscode.Uri | string) => boolean,
    private readonly log: Logger,
  ) {}

  /** Watches the workspace and starts the first pass. */
  start(context: vscode.ExtensionContext): void {
    const watcher = vscode.workspace.createFileSystemWatcher(SOURCE_GLOB);
    context.subscriptions.push(
      watcher,
      watcher.onDidCreate((uri) => void this.indexFile(uri)),
      watcher.onDidChange((uri) => {
        // An open document is indexed from the editor's text, which may hold unsaved edits.
        if (!vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString())) void this.indexFile(uri);
      }),
      watcher.onDidDelete((uri) => this.index.forget(vscode.workspace.asRelativePath(uri, false))),
      vscode.workspace.onDidOpenTextDocument((doc) => void this.indexDocument(doc)),
      vscode.workspace.onDidSaveTextDocument((doc) => void this.indexDocument(doc)),
      { dispose: () => (this.stopped = true) },
    );
    void Promise.resolve(this.firstPass()).catch((err: unknown) => this.log.warn(`context: indexing the workspace failed: ${String(err)}`));
  }

  /**
   * Indexes the files `path` imports (and, through re-exports and package files, what those
   * bring in) that are not indexed yet: what the code at the cursor uses is known before the
   * background pass gets to it. Resolves once they are.
   */
  async indexImports(path: string, base: vscode.Uri, hops = IMPORT_HOPS): Promise<void> {
    const outline = this.index.outline(path);
    if (!outline || hops <= 0) return;
    const modules = new Set([...outline.imports.bindings.map((b) => b.module), ...outline.imports.reexports.map((r) => r.module)]);
    const targets = [...modules].flatMap((m) => this.index.resolve(path, m)).filter((t, i, all) => t !== path && all.indexOf(t) === i);
    for (const target of targets) {
      if (this.index.version(target) === undefined) await this.indexFile(vscode.Uri.joinPath(base, target));
    }
    for (const target of targets) await this.indexImports(target, base, hops - 1);
  }

  /** Indexes a document as the editor holds it (a no-op when this version is indexed). */
  async indexDocument(doc: vscode.TextDocument): Promise<void> {
    if (!this.wanted(doc.uri)) return;
    const path = vscode.workspace.asRelativePath(doc.uri, false);
    if (doc.getText().length > MAX_FILE_BYTES) return;
    await this.index.update(path, doc.languageId, doc.getText().replace(/\r\n/g, '\n'), `doc:${doc.version}`);
  }

  private wanted(uri: vscode.Uri): boolean {
    return (uri.scheme === 'file' || uri.scheme === 'vscode-remote') && vscode.workspace.getWorkspaceFolder(uri) !== undefined && !this.isDenied(uri);
  }

  /** Every source file once, its progress in the status bar. */
  private firstPass(): Thenable<void> {
    return vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Flint: indexing the workspace' }, async (progress) => {
      const t0 = Date.now();
      const uris = await vscode.workspace.findFiles(SOURCE_GLOB, SKIPPED_FOLDERS, MAX_FILES);
      const wanted = uris.filter((u) => this.wanted(u));
      for (const uri of wanted) this.index.notePath(vscode.workspace.asRelativePath(uri, false));
      for (const doc of vscode.workspace.textDocuments) await this.indexDocument(doc);
      for (const [i, uri] of wanted.entries()) {
        if (this.stopped) return;
        if (i % PROGRESS_EVERY === 0) progress.report({ message: `${i} of ${wanted.length} files` });
        await this.indexFile(uri);
        // One file per turn of the event loop: typing is never queued behind the pass.
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      this.log.info(`context: ${this.index.size} files indexed in ${Date.now() - t0} ms`);
    });
  }

  private async indexFile(uri: vscode.Uri): Promise<void> {
    if (!this.wanted(uri)) return;
    const path = vscode.workspace.asRelativePath(uri, false);
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (open) return this.indexDocument(open);
    const languageId = languageIdOfPath(path);
    if (!languageId) return;
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.size > MAX_FILE_BYTES) return;
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)).replace(/\r\n/g, '\n');
      if (looksBinary(text.slice(0, 4096))) return;
      this.index.notePath(path);
      await this.index.update(path, languageId, text, `disk:${stat.mtime}:${stat.size}`);
    } catch {
      // Gone or unreadable: it simply is not indexed.
    }
  }
}
