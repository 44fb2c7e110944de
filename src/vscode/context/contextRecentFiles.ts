import * as vscode from 'vscode';
import { looksBinary } from '../../context/looksBinary';
import { maskSecrets } from '../../privacy/secretScan';
import type { SnippetRing } from '../../context/snippetRing';

/** Lines kept around an edit when the user leaves the file. */
const EDIT_RADIUS = 32;
/** Scrolling settles before the visible lines are taken. */
const VIEW_SETTLE_MS = 400;
/** Files larger than this are not sampled (generated or minified code). */
const MAX_DOCUMENT_CHARS = 2_000_000;

/**
 * Feeds the snippet ring from what the user looks at and edits: the visible lines of an editor
 * once scrolling settles, and the lines around the last edit of a file when the user moves to
 * another one. Denied and binary-looking files, and text that looks like a key or token, never
 * enter it.
 */
export function trackRecentFiles(
  context: vscode.ExtensionContext,
  ring: SnippetRing,
  isDenied: (target: vscode.Uri) => boolean,
): void {
  const lastEdit = new Map<string, number>();
  let viewTimer: ReturnType<typeof setTimeout> | undefined;
  let previous: vscode.TextEditor | undefined = vscode.window.activeTextEditor;

  const usable = (doc: vscode.TextDocument) =>
    (doc.uri.scheme === 'file' || doc.uri.scheme === 'untitled' || doc.uri.scheme === 'vscode-remote') &&
    doc.offsetAt(new vscode.Position(doc.lineCount, 0)) < MAX_DOCUMENT_CHARS &&
    !isDenied(doc.uri);

  const addLines = (doc: vscode.TextDocument, from: number, to: number) => {
    if (!usable(doc)) return;
    const text = doc.getText(new vscode.Range(Math.max(0, from), 0, Math.min(doc.lineCount, to + 1), 0));
    if (!looksBinary(text)) ring.add(vscode.workspace.asRelativePath(doc.uri, false), maskSecrets(text.replace(/\r\n/g, '\n')).text);
  };

  const addVisible = (editor: vscode.TextEditor) => {
    const range = editor.visibleRanges[0];
    if (range) addLines(editor.document, range.start.line, range.end.line);
  };

  context.subscriptions.push(
    vscode.window.onDidChangeActiveTextEditor((editor) => {
      const left = previous?.document;
      const editLine = left ? lastEdit.get(left.uri.toString()) : undefined;
      if (left && editLine !== undefined) addLines(left, editLine - EDIT_RADIUS, editLine + EDIT_RADIUS);
      previous = editor;
      if (editor) addVisible(editor);
    }),
    vscode.window.onDidChangeTextEditorVisibleRanges((e) => {
      clearTimeout(viewTimer);
      viewTimer = setTimeout(() => addVisible(e.textEditor), VIEW_SETTLE_MS);
    }),
    vscode.workspace.onDidChangeTextDocument((e) => {
      const change = e.contentChanges[0];
      if (change) lastEdit.set(e.document.uri.toString(), change.range.start.line);
    }),
    vscode.workspace.onDidCloseTextDocument((doc) => lastEdit.delete(doc.uri.toString())),
    vscode.workspace.onDidDeleteFiles((e) => {
      for (const uri of e.files) ring.removePath(vscode.workspace.asRelativePath(uri, false));
    }),
    { dispose: () => clearTimeout(viewTimer) },
  );
}
