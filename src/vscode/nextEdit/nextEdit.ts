import * as vscode from 'vscode';
import { systemClock } from '../../time/clock';
import { enabledForLanguage } from '../../completions/completionSettings';
import { DebouncePolicy } from '../../time/debouncePolicy';
import { decorationPlan } from '../../nextEdit/decorationPlan';
import { EditHistory } from '../../nextEdit/editHistory';
import { LineMirror } from '../../nextEdit/lineMirror';
import { NextEditEngine, type NextEditDocument, type NextEditView } from '../../nextEdit/nextEditEngine';
import type { NextEditGhost } from '../../nextEdit/nextEditGhost';
import type { Services } from '../../services';
import type { InlineEdits } from '../shared/inlineEdits';
import { sendRefusal } from '../shared/editTarget';
import { NextEditDecorations } from './nextEditDecorations';

/** Documents whose lines are mirrored for the edit history (most recently active kept). */
const MAX_MIRRORS = 8;
/** Larger documents get no history (and so no predictions): mirroring them costs too much. */
const MAX_MIRROR_CHARS = 4_000_000;
const SHOWN_KEY = 'flint.nextEditShown';

/**
 * Next-edit prediction in the editor: keeps the edit history of the active document, feeds its
 * changes and cursor moves to the engine, draws what the engine shows, and binds Tab and Escape (through the
 * `flint.nextEditShown` context key) only while a prediction is on screen. A document with a
 * pending inline edit gets no predictions: its streaming rewrite is not the user's editing, and a
 * prediction drawn inside the diff would fight it for Tab.
 */
export function registerNextEdit(context: vscode.ExtensionContext, services: Services, edits: InlineEdits, isDenied: (uri: vscode.Uri) => boolean): NextEditGhost {
  const adapter = new NextEditAdapter(services, edits, isDenied);
  const { engine, decorations } = adapter;
  adapter.track(vscode.window.activeTextEditor?.document);
  context.subscriptions.push(
    decorations,
    { dispose: () => engine.dispose() },
    vscode.workspace.onDidChangeTextDocument((e) => adapter.onChange(e)),
    edits.controller.onDidChange(() => {
      const shown = engine.shown();
      const document = shown && vscode.workspace.textDocuments.find((d) => d.uri.toString() === shown.docKey);
      if (document && edits.controller.get(document)) engine.dismiss();
    }),
    // A cursor move fires an armed document; the engine tells a move from an edit's own.
    vscode.window.onDidChangeTextEditorSelection((e) => {
      if (e.textEditor !== vscode.window.activeTextEditor) return;
      // A click elsewhere dismisses a shown prediction; keys move on with it (Tab, typing through).
      if (e.kind === vscode.TextEditorSelectionChangeKind.Mouse && engine.shown()) engine.clicked(documentOf(e.textEditor));
      if (e.selections.length !== 1 || !e.selections[0].isEmpty) return;
      if (!adapter.mirrors.has(e.textEditor.document.uri.toString()) || !adapter.eligible(e.textEditor.document)) return;
      engine.moved(documentOf(e.textEditor));
    }),
    vscode.window.onDidChangeActiveTextEditor((editor) => {
      engine.dismiss();
      adapter.track(editor?.document);
    }),
    vscode.workspace.onDidCloseTextDocument((document) => adapter.closed(document)),
    vscode.commands.registerCommand('flint.nextEdit.acceptOrJump', () => adapter.acceptOrJump()),
    vscode.commands.registerCommand('flint.nextEdit.accept', () => adapter.accept()),
    // Escape: a rejection, which keeps the same lines quiet for a while.
    vscode.commands.registerCommand('flint.nextEdit.dismiss', () => engine.reject()),
  );
  return {
    ghostAt(key, offset) {
      const document = vscode.window.activeTextEditor?.document;
      return document?.uri.toString() === key && edits.controller.get(document) ? undefined : engine.ghostAt(key, offset);
    },
    ghostTextShown: (key, version) => engine.ghostTextShown(key, version),
  };
}

/** The next-edit engine in the editor: the documents it mirrors, what it draws, Tab and Escape. */
class NextEditAdapter {
  readonly engine: NextEditEngine;
  readonly decorations = new NextEditDecorations();
  /** Line mirrors of the most recently active documents, oldest first. */
  readonly mirrors = new Map<string, LineMirror>();
  private readonly history = new EditHistory();
  private shownKey = false;

  constructor(
    private readonly services: Services,
    private readonly edits: InlineEdits,
    private readonly isDenied: (uri: vscode.Uri) => boolean,
  ) {
    this.engine = new NextEditEngine({
      client: () => services.fast(),
      clock: systemClock(() => services.now()),
      debounce: new DebouncePolicy(() => services.config()['completions.debounceMs']),
      history: this.history,
      view: { show: (prediction) => this.show(prediction), hide: () => this.hide() },
      metrics: services.metrics,
      log: services.log,
      refusal: (doc) => {
        const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === doc.key);
        return document ? sendRefusal(document, services) : 'the document was closed';
      },
      context: (doc, window) => {
        const lines = Array.from({ length: doc.lineCount }, (_, i) => doc.lineAt(i));
        const visible = { start: window.startLine, end: window.startLine + window.lines.length };
        return services.context.build({ surface: 'next-edit', path: doc.path, lines, focus: { start: window.cursor.line, end: window.cursor.line + 1 }, visible }).text;
      },
      functions: (doc) => services.context.functions(doc.path),
    });
  }

  /** Mirrors the document (now the most recently active one). */
  track(document: vscode.TextDocument | undefined): void {
    if (!document) return;
    const { mirrors } = this;
    const key = document.uri.toString();
    const mirror = mirrors.get(key);
    mirrors.delete(key);
    if (mirror) mirrors.set(key, mirror);
    else if (document.getText().length <= MAX_MIRROR_CHARS) mirrors.set(key, new LineMirror(document.getText()));
    while (mirrors.size > MAX_MIRRORS) mirrors.delete(mirrors.keys().next().value!);
  }

  /** Cheap checks on the keystroke path; the full refusal (deny list, trust) runs before sending. */
  eligible(document: vscode.TextDocument): boolean {
    return (
      vscode.workspace.isTrusted &&
      enabledForLanguage(this.services.config()['nextEdit.enable'], document.languageId) &&
      !this.edits.controller.get(document) &&
      !this.isDenied(document.uri)
    );
  }

  onChange(e: vscode.TextDocumentChangeEvent): void {
    if (e.contentChanges.length === 0) return;
    const { engine } = this;
    const key = e.document.uri.toString();
    const mirror = this.mirrors.get(key);
    const hunks = mirror
      ? e.contentChanges.map((c) => mirror.apply({ startLine: c.range.start.line, startCharacter: c.range.start.character, endLine: c.range.end.line, endCharacter: c.range.end.character, text: c.text }))
      : [];
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document !== e.document || !mirror || !this.eligible(e.document)) {
      // The document changed under a shown prediction from elsewhere (or may no longer be sent).
      if (engine.shown()?.docKey === key || (editor?.document === e.document && engine.shown())) engine.dismiss();
      return;
    }
    const now = this.services.now();
    for (const hunk of hunks) this.history.record(key, hunk, now);
    engine.changed(documentOf(editor), e.contentChanges.map((c) => ({ offset: c.rangeOffset, length: c.rangeLength, text: c.text })), e.reason !== undefined);
  }

  closed(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    this.mirrors.delete(key);
    this.history.forget(key);
    if (this.engine.shown()?.docKey === key) this.engine.dismiss();
  }

  async accept(): Promise<void> {
    const { engine, services } = this;
    const p = engine.shown();
    const editor = vscode.window.activeTextEditor;
    if (!p || !editor || editor.document.uri.toString() !== p.docKey) return;
    const document = editor.document;
    const range = new vscode.Range(p.start.line, p.start.character, p.end.line, p.end.character);
    if (document.getText(range).replace(/\r\n/g, '\n') !== p.edit.oldText) {
      services.log.warn('next edit: the text changed under the prediction; withdrawn, nothing changed');
      engine.dismiss();
      return;
    }
    const startOffset = document.offsetAt(range.start);
    // One replace in one edit: one undo step, and either all of it applies or none.
    const ok = await editor.edit((b) => b.replace(range, p.edit.newText), { undoStopBefore: true, undoStopAfter: true });
    if (!ok) {
      services.log.warn(`next edit: the editor refused the edit of ${vscode.workspace.asRelativePath(document.uri)}; nothing changed`);
      engine.dismiss();
      return;
    }
    const end = document.positionAt(startOffset + p.edit.newText.replace(/\n/g, document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n').length);
    if (!engine.shown()) editor.selection = new vscode.Selection(end, end);
  }

  async acceptOrJump(): Promise<void> {
    const p = this.engine.shown();
    const editor = vscode.window.activeTextEditor;
    if (!p || !editor || editor.document.uri.toString() !== p.docKey) return;
    if (p.kind !== 'jump') return this.accept();
    const start = new vscode.Position(p.start.line, p.start.character);
    editor.selection = new vscode.Selection(start, start);
    editor.revealRange(new vscode.Range(start, start), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    this.engine.jumped(documentOf(editor));
  }

  private show(prediction: Parameters<NextEditView['show']>[0]): void {
    const { decorations } = this;
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.uri.toString() !== prediction.docKey || this.edits.controller.get(editor.document)) {
      decorations.clear();
      this.setShown(false);
      return;
    }
    if (prediction.kind === 'ghost') {
      // Ordinary ghost text: the provider asks for it (`NextEditGhost.ghostAt`) and VS Code binds Tab.
      decorations.clear();
      this.setShown(false);
      void vscode.commands.executeCommand('editor.action.inlineSuggest.trigger');
      return;
    }
    // The key first: the window handles messages in order, so Tab is bound before the hint shows.
    this.setShown(true);
    decorations.draw(editor, decorationPlan(prediction));
  }

  private hide(): void {
    this.decorations.clear();
    this.setShown(false);
  }

  private setShown(on: boolean): void {
    if (on === this.shownKey) return;
    this.shownKey = on;
    void vscode.commands.executeCommand('setContext', SHOWN_KEY, on);
  }
}

/** The engine's view of the editor's document; the cursor is the editor's. */
function documentOf(editor: vscode.TextEditor): NextEditDocument {
  const d = editor.document;
  return {
    key: d.uri.toString(),
    path: vscode.workspace.asRelativePath(d.uri, false),
    languageId: d.languageId,
    get version() {
      return d.version;
    },
    get lineCount() {
      return d.lineCount;
    },
    lineAt: (line) => d.lineAt(line).text,
    offsetAt: (p) => d.offsetAt(new vscode.Position(p.line, p.character)),
    positionAt: (offset) => {
      const p = d.positionAt(offset);
      return { line: p.line, character: p.character };
    },
    cursor: () => {
      const a = editor.selection.active;
      return { line: a.line, character: a.character };
    },
  };
}
