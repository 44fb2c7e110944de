import * as vscode from 'vscode';
import type { ContextHub } from '../../context/contextHub';
import type { CodeParser } from '../../code/codeParser';
import { ContextService, type ContextBlock, type ContextRequest } from '../../context/contextService';
import { EditLog } from '../../context/editLog';
import { namesInPlay } from '../../context/namesInPlay';
import { PromptRecorder } from '../../context/promptRecorder';
import { bySection, labelledBlocks, SECTION_TITLES } from '../../context/renderSections';
import { maskSecrets } from '../../privacy/secretScan';
import { functionSpans, type LineSpan } from '../../code/functionSpan';
import type { Snippet } from '../../context/snippet';
import { SnippetRing } from '../../context/snippetRing';
import { ghostVisible } from '../../context/surfaceBudgets';
import { SymbolIndex } from '../../code/symbolIndex';
import { testContextItems } from '../../context/testContext';
import { viewedItems } from '../../context/viewedItems';
import type { Services } from '../../services';
import { MaskedNotice } from './maskedNotice';
import { ContextIndexer } from './contextIndexer';
import { trackRecentFiles } from './contextRecentFiles';
import { ServerDefinitions } from './contextServerDefinitions';
import { diagnosticsNear, readAllowed } from './contextSources';

/** Typing pauses this long before context is gathered for the cursor. */
const PAUSE_MS = 300;
/**
 * Ghost text's context prepared for a line serves the lines this near it; farther, it is built
 * afresh for the cursor's line (from the index: a few milliseconds) when the request goes out.
 */
const NEAR_PREPARED_LINES = 8;
/** How long one gathering waits for language servers at most. */
const SERVER_DEADLINE_MS = 1_500;
/** Lines around the cursor whose names the language servers are asked about. */
const ASK_ABOVE = 60;
const ASK_BELOW = 30;

const EMPTY: ContextBlock = { items: [], text: '', tokens: 0, masked: [] };

/**
 * Gathers what every surface's prompt carries besides its own window, off the keystroke path:
 * on a pause, when a file is opened, shown or saved, the symbol index is brought up to date
 * (the file, then the files it imports) and the language servers are asked about the names
 * near the cursor (with a deadline); ghost text's context for the cursor is prepared then too,
 * and when the cursor arrives at a place. Asking never waits for a language server.
 */
export function createContextHub(context: vscode.ExtensionContext, services: Services, isDenied: (target: vscode.Uri | string) => boolean): ContextHub {
  return new EditorContextHub(context, services, isDenied);
}

interface Ready {
  service: ContextService;
  indexer: ContextIndexer;
  server: ServerDefinitions;
  index: SymbolIndex;
}

class EditorContextHub implements ContextHub {
  readonly prompts = new PromptRecorder();
  private readonly ring = new SnippetRing();
  private readonly edits = new EditLog();
  /** Ghost text's context per document, prepared at the last pause or arrival, and the line it is for. */
  private readonly ghost = new Map<string, { block: ContextBlock; line: number }>();
  private readonly notice = new MaskedNotice();
  /** Documents whose language-server answers were logged once. */
  private readonly announced = new Set<string>();
  private readonly silent = new Set<string>();
  private ready: Ready | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private shown = vscode.window.activeTextEditor;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly services: Services,
    private readonly isDenied: (target: vscode.Uri | string) => boolean,
  ) {
    trackRecentFiles(context, this.ring, this.isDenied);
    void services.parser().then((parser) => parser && this.start(parser));
    this.listen();
  }

  ghostSnippets(path: string, near: string, line?: number): Snippet[] {
    let prepared = this.ghost.get(path);
    if (line !== undefined && (!prepared || Math.abs(prepared.line - line) > NEAR_PREPARED_LINES)) {
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && relative(d.uri) === path);
      if (doc) prepared = this.prepareGhost(doc, line);
    }
    if (prepared) return bySection(labelledBlocks(prepared.block.items.filter((i) => this.allowed(i.path)))).map((b) => ({ path: b.label, text: b.text, section: SECTION_TITLES[b.source] }));
    return this.ring.select(path, near, (p) => !this.isDenied(p));
  }

  async prepareAt(path: string, line: number): Promise<void> {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && relative(d.uri) === path);
    const ready = this.ready;
    if (!ready || !document || !this.gatherable(document)) return;
    await ready.indexer.indexDocument(document);
    const folder = vscode.workspace.getWorkspaceFolder(document.uri);
    if (folder) await ready.indexer.indexImports(relative(document.uri), folder.uri);
    this.prepareGhost(document, line);
  }

  noteMasked(path: string, kinds: readonly string[], part: 'own' | 'context' = 'own'): void {
    this.notice.note(path, kinds, part);
  }

  functions(path: string): LineSpan[] {
    return functionSpans(this.ready?.index.outline(path)?.symbols ?? []);
  }

  build(req: ContextRequest): ContextBlock {
    return this.ready ? this.ready.service.build(req) : EMPTY;
  }

  async buildForTests(req: ContextRequest, functionName: string): Promise<ContextBlock> {
    if (!this.ready) return EMPTY;
    const tests = await testContextItems(this.ready.index, req.path, functionName, (path) => readAllowed(path, (p) => this.allowed(p)));
    return this.ready.service.with({ tests: () => tests }).build(req);
  }

  /** Workspace-relative, inside the workspace, not denied. */
  private allowed(path: string): boolean {
    return !/^([/\\]|[A-Za-z]:|\.\.)/.test(path) && !this.isDenied(path);
  }

  private start(parser: CodeParser): void {
    const { services, isDenied } = this;
    const index = new SymbolIndex(parser);
    const indexer = new ContextIndexer(index, isDenied, services.log);
    const server = new ServerDefinitions(index, (doc) => indexer.indexDocument(doc), (uri) => !isDenied(uri) && vscode.workspace.getWorkspaceFolder(uri) !== undefined);
    const service = new ContextService({
      index,
      allowed: (path) => this.allowed(path),
      mask: maskSecrets,
      serverDefinitions: (path, uses) => server.ready(path, uses),
      diagnostics: (path, around) => diagnosticsNear(path, around),
      recentEdits: (path) => this.edits.items(path, services.now()),
      viewed: (path, near) => viewedItems(this.ring.select(path, near, (p) => !isDenied(p))),
    });
    this.ready = { service, indexer, server, index };
    indexer.start(this.context);
    this.schedule(vscode.window.activeTextEditor, 0);
  }

  private listen(): void {
    const active = () => vscode.window.activeTextEditor;
    this.context.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length && e.document === active()?.document) this.schedule(active());
      }),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (e.textEditor === active()) this.schedule(e.textEditor);
      }),
      vscode.window.onDidChangeActiveTextEditor((editor) => {
        // Leaving a file: what was edited there becomes a recent edit of another file.
        const left = this.shown?.document;
        if (left && left.uri.scheme === 'file' && !this.isDenied(left.uri)) this.edits.snapshot(relative(left.uri), plain(left), this.services.now());
        this.shown = editor;
        this.schedule(editor, 0);
      }),
      vscode.workspace.onDidSaveTextDocument((doc) => {
        if (doc === active()?.document) this.schedule(active(), 0);
      }),
      vscode.workspace.onDidCloseTextDocument((doc) => this.ghost.delete(relative(doc.uri))),
      this.notice,
      { dispose: () => clearTimeout(this.timer) },
    );
  }

  private schedule(editor: vscode.TextEditor | undefined, delay = PAUSE_MS): void {
    clearTimeout(this.timer);
    if (!editor) return;
    this.timer = setTimeout(() => void this.gather(editor).catch((err: unknown) => this.services.log.debug(`context: gathering failed: ${String(err)}`)), delay);
  }

  private gatherable(doc: vscode.TextDocument): boolean {
    return vscode.workspace.isTrusted && doc.uri.scheme === 'file' && !this.isDenied(doc.uri);
  }

  /** Ghost text's context for `line` of `doc` from what the index holds now, kept for the requests there. */
  private prepareGhost(doc: vscode.TextDocument, line: number): { block: ContextBlock; line: number } | undefined {
    if (!this.ready || !this.gatherable(doc)) return undefined;
    const path = relative(doc.uri);
    const lines = plain(doc).split('\n');
    const tokenBudget = this.services.config()['context.tokenBudget'];
    const request: ContextRequest = { surface: 'ghost', path, lines, focus: { start: line, end: line + 1 }, visible: ghostVisible(lines, line, tokenBudget), tokenBudget };
    const prepared = { block: this.ready.service.build(request), line };
    this.ghost.set(path, prepared);
    this.notice.note(path, prepared.block.masked);
    return prepared;
  }

  private async gather(editor: vscode.TextEditor): Promise<void> {
    const { ready, services } = this;
    const doc = editor.document;
    if (!ready || !this.gatherable(doc)) return;
    const line = editor.selection.active.line;
    const path = relative(doc.uri);
    await this.prepareAt(path, line);
    this.edits.snapshot(path, plain(doc), services.now());
    const uses = namesInPlay(plain(doc).split('\n'), line - ASK_ABOVE, line + ASK_BELOW, { start: line, end: line + 1 });
    await ready.server.gather(doc, uses, Date.now() + SERVER_DEADLINE_MS);
    const answered = ready.server.ready(path, uses).length;
    if (answered > 0 && !this.announced.has(path)) {
      this.announced.add(path);
      services.log.info(`context: language servers give ${answered} definitions for the names near the cursor in ${path}`);
    } else if (answered === 0 && !this.silent.has(path) && ready.server.lastGathering.asked > 0) {
      // Once per file: why its definitions come from the index alone (no server, or one still starting).
      this.silent.add(path);
      const { asked, locations } = ready.server.lastGathering;
      services.log.info(`context: no definitions from language servers yet for ${path} (${asked} names asked, ${locations} locations answered); the workspace index gives them`);
    }
    if (doc.version === editor.document.version) this.prepareGhost(doc, line);
  }
}

const relative = (uri: vscode.Uri) => vscode.workspace.asRelativePath(uri, false);
const plain = (doc: vscode.TextDocument) => doc.getText().replace(/\r\n/g, '\n');
