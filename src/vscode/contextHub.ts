import * as vscode from 'vscode';
import type { ContextHub } from '../context/contextHub';
import type { ContextItem } from '../context/contextItem';
import { ContextService, type ContextBlock, type ContextRequest, type LineSpan } from '../context/contextService';
import { EditLog } from '../context/editLog';
import { namesInPlay } from '../context/namesInPlay';
import { PromptRecorder } from '../context/promptRecorder';
import { itemLabel, SECTION_TITLES } from '../context/renderSections';
import { findSecret } from '../context/secretScan';
import { SnippetRing } from '../context/snippetRing';
import { ghostVisible } from '../context/surfaceBudgets';
import { SymbolIndex } from '../context/symbolIndex';
import { testContextItems } from '../context/testContext';
import { viewedItems } from '../context/viewedItems';
import type { Services } from '../services';
import { watchDenyList } from './contextDenyList';
import { ContextIndexer } from './contextIndexer';
import { trackRecentFiles } from './contextRecentFiles';
import { ServerDefinitions } from './contextServerDefinitions';
import { REVIEW_SOURCE } from './reviewDiagnostics';

/** Typing pauses this long before context is gathered for the cursor. */
const PAUSE_MS = 300;
/** How long one gathering waits for language servers at most. */
const SERVER_DEADLINE_MS = 1_500;
/** Lines around the cursor whose names the language servers are asked about. */
const ASK_ABOVE = 60;
const ASK_BELOW = 30;

const EMPTY: ContextBlock = { items: [], text: '', tokens: 0 };

/**
 * Gathers what every surface's prompt carries besides its own window, off the keystroke path:
 * on a pause, when a file is opened, shown or saved, the symbol index is brought up to date
 * and the language servers are asked about the names near the cursor (with a deadline);
 * ghost text's context for the cursor is prepared then too. Asking never waits.
 */
export function createContextHub(context: vscode.ExtensionContext, services: Services): ContextHub {
  const prompts = new PromptRecorder();
  const isDenied = watchDenyList(context, services);
  const ring = new SnippetRing();
  trackRecentFiles(context, ring, isDenied);
  const edits = new EditLog();
  const ghost = new Map<string, ContextBlock>();
  /** Documents whose language-server answers were logged once. */
  const announced = new Set<string>();
  const allowed = (path: string) => !/^([/\\]|[A-Za-z]:|\.\.)/.test(path) && !isDenied(path);
  const relative = (uri: vscode.Uri) => vscode.workspace.asRelativePath(uri, false);
  let ready: { service: ContextService; indexer: ContextIndexer; server: ServerDefinitions; index: SymbolIndex } | undefined;

  void services.parser().then((parser) => {
    if (!parser) return;
    const index = new SymbolIndex(parser);
    const indexer = new ContextIndexer(index, isDenied, services.log);
    const server = new ServerDefinitions(index, (doc) => indexer.indexDocument(doc), (uri) => !isDenied(uri) && vscode.workspace.getWorkspaceFolder(uri) !== undefined);
    const service = new ContextService({
      index,
      allowed,
      hasSecret: (text) => findSecret(text) !== undefined,
      serverDefinitions: (path, uses) => server.ready(path, uses),
      diagnostics: (path, around) => diagnosticsNear(path, around),
      recentEdits: (path) => edits.items(path, services.now()),
      viewed: (path, near) => viewedItems(ring.select(path, near, (p) => !isDenied(p))),
    });
    ready = { service, indexer, server, index };
    indexer.start(context);
    const editor = vscode.window.activeTextEditor;
    if (editor) schedule(editor, 0);
  });

  const gather = async (editor: vscode.TextEditor) => {
    const doc = editor.document;
    if (!ready || !vscode.workspace.isTrusted || doc.uri.scheme !== 'file' || isDenied(doc.uri)) return;
    await ready.indexer.indexDocument(doc);
    const path = relative(doc.uri);
    const text = doc.getText().replace(/\r\n/g, '\n');
    edits.snapshot(path, text, services.now());
    const lines = text.split('\n');
    const line = editor.selection.active.line;
    const focus = { start: line, end: line + 1 };
    const prepareGhost = () => ghost.set(path, ready!.service.build(ghostRequest(path, lines, focus)));
    prepareGhost();
    const uses = namesInPlay(lines, line - ASK_ABOVE, line + ASK_BELOW, focus);
    await ready.server.gather(doc, uses, Date.now() + SERVER_DEADLINE_MS);
    const answered = ready.server.ready(path, uses).length;
    if (answered > 0 && !announced.has(path)) {
      announced.add(path);
      services.log.info(`context: language servers give ${answered} definitions for the names near the cursor in ${path}`);
    }
    if (doc.version === editor.document.version) prepareGhost();
  };

  const ghostRequest = (path: string, lines: string[], focus: LineSpan): ContextRequest => ({
    surface: 'ghost',
    path,
    lines,
    focus,
    visible: ghostVisible(focus.start),
    tokenBudget: services.config()['context.tokenBudget'],
  });

  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (editor: vscode.TextEditor | undefined, delay = PAUSE_MS) => {
    clearTimeout(timer);
    if (!editor) return;
    timer = setTimeout(() => void gather(editor).catch((err: unknown) => services.log.debug(`context: gathering failed: ${String(err)}`)), delay);
  };

  let shown = vscode.window.activeTextEditor;
  context.subscriptions.push(
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.contentChanges.length && e.document === vscode.window.activeTextEditor?.document) schedule(vscode.window.activeTextEditor);
    }),
    vscode.window.onDidChangeTextEditorSelection((e) => {
      if (e.textEditor === vscode.window.activeTextEditor) schedule(e.textEditor);
    }),
    vscode.window.onDidChangeActiveTextEditor((editor) => {
      // Leaving a file: what was edited there becomes a recent edit of another file.
      const left = shown?.document;
      if (left && left.uri.scheme === 'file' && !isDenied(left.uri)) edits.snapshot(relative(left.uri), left.getText().replace(/\r\n/g, '\n'), services.now());
      shown = editor;
      schedule(editor, 0);
    }),
    vscode.workspace.onDidSaveTextDocument((doc) => {
      if (doc === vscode.window.activeTextEditor?.document) schedule(vscode.window.activeTextEditor, 0);
    }),
    vscode.workspace.onDidCloseTextDocument((doc) => ghost.delete(relative(doc.uri))),
    { dispose: () => clearTimeout(timer) },
  );

  return {
    prompts,
    ghostSnippets(path, near) {
      const block = ghost.get(path);
      if (block) return block.items.filter((i) => allowed(i.path)).map((i) => ({ path: itemLabel(i), text: i.text, section: SECTION_TITLES[i.source] }));
      return ring.select(path, near, (p) => !isDenied(p));
    },
    build: (req) => (ready ? ready.service.build(req) : EMPTY),
    async buildForTests(req, functionName) {
      if (!ready) return EMPTY;
      const read = (path: string) => readAllowed(path, allowed);
      const tests = await testContextItems(ready.index, req.path, functionName, read);
      return ready.service.with({ tests: () => tests }).build(req);
    },
  };
}

/** A workspace file's text as the editor holds it, unless it is denied or looks like it holds a secret. */
async function readAllowed(path: string, allowed: (path: string) => boolean): Promise<string | undefined> {
  if (!allowed(path)) return undefined;
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) return undefined;
  const uri = vscode.Uri.joinPath(folder.uri, path);
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  try {
    const text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    return findSecret(text) ? undefined : text.replace(/\r\n/g, '\n');
  } catch {
    return undefined;
  }
}

/** Errors and warnings the editor reports in `around` of an open document (Flint's own review findings left out). */
function diagnosticsNear(path: string, around: LineSpan): ContextItem[] {
  const doc = vscode.workspace.textDocuments.find((d) => vscode.workspace.asRelativePath(d.uri, false) === path);
  if (!doc) return [];
  return vscode.languages
    .getDiagnostics(doc.uri)
    .filter((d) => d.severity <= vscode.DiagnosticSeverity.Warning && d.source !== REVIEW_SOURCE && d.range.start.line >= around.start && d.range.start.line < around.end)
    .map((d) => {
      const severity = d.severity === vscode.DiagnosticSeverity.Error ? 'error' : 'warning';
      const code = typeof d.code === 'object' ? d.code.value : d.code;
      const origin = [d.source, code].filter((x) => x !== undefined && x !== '').join(' ');
      return {
        source: 'diagnostics' as const,
        path,
        line: d.range.start.line,
        text: `${severity}: ${d.message.split('\n')[0]}${origin ? ` (${origin})` : ''}`,
        distance: Math.abs(d.range.start.line - (around.start + around.end) / 2),
        ageMs: 0,
        uses: 1,
        key: `diagnostics:${path}:${d.range.start.line}:${d.message}`,
      };
    });
}
