import * as vscode from 'vscode';
import { PROMPT_SURFACES, type PromptSurface } from '../../context/promptRecorder';
import type { Services } from '../../services';

const SCHEME = 'flint-prompt';
const ALL = 'All surfaces';

const uriOf = (name: string) => vscode.Uri.from({ scheme: SCHEME, path: `/${name}.md` });

/**
 * **Flint: Show Last Prompt**: the last prompt a surface sent (or every surface's), as a
 * read-only Markdown document (virtual: nothing is written to disk), its context sections
 * labelled by where they come from. The document shows the prompts as they are when opened.
 */
export function registerLastPrompt(context: vscode.ExtensionContext, services: Services): void {
  const changed = new vscode.EventEmitter<vscode.Uri>();
  const surfaceOf = (uri: vscode.Uri) => PROMPT_SURFACES.find((s) => uri.path === `/${s}.md`);
  const open = async (name: string) => {
    const uri = uriOf(name);
    changed.fire(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(doc, 'markdown');
    await vscode.window.showTextDocument(doc, { preview: false });
  };
  context.subscriptions.push(
    changed,
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
      onDidChange: changed.event,
      provideTextDocumentContent: (uri) => services.context.prompts.render(surfaceOf(uri)),
    }),
    vscode.commands.registerCommand('flint.showLastPrompt', async (surface?: PromptSurface) => {
      if (surface && PROMPT_SURFACES.includes(surface)) return open(surface);
      const prompts = services.context.prompts;
      const items = [
        { label: ALL, description: 'every surface in one document' },
        ...PROMPT_SURFACES.map((s) => ({ label: s, description: prompts.sentAt(s) ? `sent ${prompts.sentAt(s)!.toLocaleTimeString()}` : 'nothing sent yet' })),
      ];
      const pick = await vscode.window.showQuickPick(items, { title: 'Flint: Show Last Prompt', placeHolder: 'Which surface\u2019s last prompt?' });
      if (pick) await open(pick.label === ALL ? 'Flint Last Prompts' : pick.label);
    }),
  );
}
