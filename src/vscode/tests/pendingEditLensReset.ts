import * as vscode from 'vscode';

/**
 * Takes a document's lenses off the screen as soon as an inline edit changes it, not when its
 * stream rests. The editor asks lens providers again only after a document has rested for a
 * moment (every change restarts that wait), so during a long stream the lenses shown before the
 * edit stay, and the editor moves each of them on every update. A change in the set of lens
 * providers makes every editor drop its lenses at once, redrawing its last ones only for a
 * document whose line count is unchanged (a preview always changes it). One empty provider,
 * registered at the edit's first change and disposed when the edit ends, therefore clears the
 * edited document until its next rest, when the providers are asked again (the tests lenses
 * then stay away while the edit is pending); other documents redraw theirs as they were.
 */
export class PendingEditLensReset implements vscode.Disposable {
  /** The empty provider of each document whose pending edit has changed it. */
  private readonly registrations = new Map<string, vscode.Disposable>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly pending: (uri: string) => boolean,
    onDidChangePending: vscode.Event<void>,
    /** Whether some lenses are withdrawn while an edit is pending. */
    private readonly enabled: () => boolean,
  ) {
    this.subscriptions = [onDidChangePending(() => this.pendingChanged()), vscode.workspace.onDidChangeTextDocument((e) => this.changed(e))];
  }

  /** On every keystroke in any document: two map lookups before anything else. */
  private changed(e: vscode.TextDocumentChangeEvent): void {
    const key = e.document.uri.toString();
    if (e.contentChanges.length === 0 || this.registrations.has(key) || !this.pending(key) || !this.enabled()) return;
    this.registrations.set(key, vscode.languages.registerCodeLensProvider({ pattern: e.document.uri.fsPath }, { provideCodeLenses: () => [] }));
  }

  private pendingChanged(): void {
    for (const [key, registration] of this.registrations) {
      if (this.pending(key)) continue;
      registration.dispose();
      this.registrations.delete(key);
    }
  }

  dispose(): void {
    for (const registration of this.registrations.values()) registration.dispose();
    this.registrations.clear();
    for (const s of this.subscriptions) s.dispose();
  }
}
