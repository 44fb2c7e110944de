import * as vscode from 'vscode';
import type { DecorationPlan } from '../../nextEdit/decorationPlan';

/**
 * Draws a predicted edit in place (VS Code 1.100 has no inline-edit item for extensions):
 * removed text struck through, the new text beside it, the key hint at the end of the line,
 * and for a far edit a marked line (also in the overview ruler).
 */
export class NextEditDecorations implements vscode.Disposable {
  private readonly removed = vscode.window.createTextEditorDecorationType({
    backgroundColor: new vscode.ThemeColor('diffEditor.removedTextBackground'),
    textDecoration: 'line-through',
  });
  private readonly inserted = vscode.window.createTextEditorDecorationType({
    after: { backgroundColor: new vscode.ThemeColor('diffEditor.insertedTextBackground'), color: new vscode.ThemeColor('editor.foreground') },
  });
  private readonly hint = vscode.window.createTextEditorDecorationType({
    after: { color: new vscode.ThemeColor('editorCodeLens.foreground'), fontStyle: 'italic', margin: '0 0 0 2em' },
  });
  private readonly marker = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('diffEditor.insertedLineBackground'),
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.modifiedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Right,
  });
  private editor: vscode.TextEditor | undefined;

  draw(editor: vscode.TextEditor, plan: DecorationPlan): void {
    if (this.editor && this.editor !== editor) this.clear();
    this.editor = editor;
    const pos = (p: { line: number; character: number }) => new vscode.Position(p.line, p.character);
    editor.setDecorations(this.removed, plan.removed ? [new vscode.Range(pos(plan.removed.start), pos(plan.removed.end))] : []);
    const at = plan.inserted && pos(plan.inserted.at);
    editor.setDecorations(this.inserted, plan.inserted && at ? [{ range: new vscode.Range(at, at), renderOptions: { after: { contentText: plan.inserted.text } } }] : []);
    const lineEnd = editor.document.lineAt(Math.min(plan.hint.line, editor.document.lineCount - 1)).range.end;
    editor.setDecorations(this.hint, [{ range: new vscode.Range(lineEnd, lineEnd), renderOptions: { after: { contentText: plan.hint.text } } }]);
    editor.setDecorations(this.marker, plan.markerLine === undefined ? [] : [new vscode.Range(plan.markerLine, 0, plan.markerLine, 0)]);
  }

  clear(): void {
    const editor = this.editor;
    this.editor = undefined;
    if (!editor) return;
    for (const type of [this.removed, this.inserted, this.hint, this.marker]) editor.setDecorations(type, []);
  }

  dispose(): void {
    for (const type of [this.removed, this.inserted, this.hint, this.marker]) type.dispose();
  }
}
