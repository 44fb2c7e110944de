import * as vscode from 'vscode';

/**
 * The status bar item that says what Flint masked in what it sends from the file in front:
 * shown while that file's last prompt (its own text or the context from other files) had a
 * secret-looking span replaced by a placeholder, hidden otherwise. Updated only when that changes.
 */
export class MaskedNotice implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('flint.masked', vscode.StatusBarAlignment.Right, 99);
  /** Per file, what its own text masked and what its context masked. */
  private readonly masked = new Map<string, { own: string[]; context: string[] }>();
  private readonly onEditor: vscode.Disposable;
  private shown = '';

  constructor() {
    this.item.name = 'Flint masked secrets';
    this.onEditor = vscode.window.onDidChangeActiveTextEditor(() => this.render());
  }

  /** What the file's own text sent (`own`) or the context sent with it masked. */
  note(path: string, kinds: readonly string[], part: 'own' | 'context' = 'context'): void {
    const now = this.masked.get(path) ?? { own: [], context: [] };
    if (now[part].join('\n') === kinds.join('\n')) return;
    now[part] = [...kinds];
    if (now.own.length || now.context.length) this.masked.set(path, now);
    else this.masked.delete(path);
    this.render();
  }

  private render(): void {
    const doc = vscode.window.activeTextEditor?.document;
    const path = doc ? vscode.workspace.asRelativePath(doc.uri, false) : '';
    const m = this.masked.get(path);
    const kinds = m ? [...new Set([...m.own, ...m.context])] : [];
    const key = kinds.length ? `${path}\n${kinds.join('\n')}` : '';
    if (key === this.shown) return;
    this.shown = key;
    if (!kinds.length) return this.item.hide();
    this.item.text = `$(shield) Masked ${kinds.length === 1 ? kinds[0].replace(/^an? /, '') : `${kinds.length} kinds of secret`}`;
    this.item.tooltip = `Flint replaced what looks like ${kinds.join(', ')} with a placeholder naming its kind in what it sends from ${path}${m?.context.length && !m.own.length ? ' (in context from other files)' : ''}. The model never sees the value.`;
    this.item.show();
  }

  dispose(): void {
    this.onEditor.dispose();
    this.item.dispose();
  }
}
