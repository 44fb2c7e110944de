import * as vscode from 'vscode';
import type { Services } from '../services';

const SCHEME = 'flint-prompt';
const URI = vscode.Uri.from({ scheme: SCHEME, path: '/Flint Last Prompts.md' });

/**
 * **Flint: Show Last Prompt**: the last prompt each surface sent, as one read-only Markdown
 * document (a virtual document: nothing is written to disk), its context sections labelled by
 * where they come from. Showing it again shows the prompts as they are then.
 */
export function registerLastPrompt(context: vscode.ExtensionContext, services: Services): void {
  const changed = new vscode.EventEmitter<vscode.Uri>();
  context.subscriptions.push(
    changed,
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
      onDidChange: changed.event,
      provideTextDocumentContent: () => services.context.prompts.render(),
    }),
    vscode.commands.registerCommand('flint.showLastPrompt', async () => {
      changed.fire(URI);
      const doc = await vscode.workspace.openTextDocument(URI);
      await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
      await vscode.window.showTextDocument(doc, { preview: false });
    }),
  );
}
