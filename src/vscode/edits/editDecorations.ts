import * as vscode from 'vscode';
import type { PreviewView } from '../../edits/previewLayout';
import type { RowSpan } from '../../rewrite/diffRow';

/** The four looks of a pending edit's lines, created once and shared by every edit. */
export class EditDecorations implements vscode.Disposable {
  private readonly added = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('diffEditor.insertedLineBackground'),
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.addedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  private readonly removed = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('diffEditor.removedLineBackground'),
    textDecoration: 'line-through',
    opacity: '0.75',
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.deletedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  /** Original lines the stream has not reached yet: dimmed, they may still change. */
  private readonly pending = vscode.window.createTextEditorDecorationType({ isWholeLine: true, opacity: '0.55' });
  /** The line being written, with a caret after it. */
  private readonly partial = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('diffEditor.insertedLineBackground'),
    after: { contentText: '▍', color: new vscode.ThemeColor('editorCursor.foreground') },
  });

  /** Shows `view` (rows from `startLine`) in `editor`; null clears it. */
  render(editor: vscode.TextEditor, view: PreviewView | null, startLine: number): void {
    const ranges = (spans: RowSpan[] | undefined) =>
      (spans ?? []).map((s) => new vscode.Range(startLine + s.start, 0, startLine + s.start + s.count - 1, 0));
    editor.setDecorations(this.added, ranges(view?.added));
    editor.setDecorations(this.removed, ranges(view?.removed));
    editor.setDecorations(this.pending, ranges(view?.pending));
    editor.setDecorations(this.partial, ranges(view?.partial));
  }

  dispose(): void {
    for (const d of [this.added, this.removed, this.pending, this.partial]) d.dispose();
  }
}
