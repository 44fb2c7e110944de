import * as vscode from 'vscode';
import type { HunkContext } from '../../tasks/merge/hunkContext';

export const CONFLICT_SCHEME = 'flint-task-conflict';

/** One disagreement as the user sees it: their text, the task's (or the pre-apply text on a revert), the original. */
export interface ConflictSides {
  readonly title: string;
  /** What the "task" side is called: "the task's" or "before the apply". */
  readonly taskName: string;
  readonly user: string | undefined;
  readonly task: string | undefined;
  readonly base: string | undefined;
  /** A region (not a whole file): both sides can be kept, and the fast model can merge them. */
  readonly region: boolean;
  /** The user's lines around a region, shown with each side so it is read in its place. */
  readonly context?: HunkContext;
}

export type ConflictPick = 'user' | 'task' | 'both' | 'model';

/** Read-only documents holding the sides of the conflict being shown. */
export class ConflictContent implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private next = 0;

  uri(name: string, text: string | undefined): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: CONFLICT_SCHEME, path: `/${this.next++}/${name}` });
    this.texts.set(uri.toString(), text ?? '(no file)');
    // Only the conflicts of the last few questions are kept.
    if (this.texts.size > 30) this.texts.delete(this.texts.keys().next().value!);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }
}

/**
 * Shows a conflict side by side (the user's text and the other side in a diff, the original
 * beside them) and asks which to keep. Undefined: the user left it for later.
 */
export async function askConflict(content: ConflictContent, sides: ConflictSides, modelAllowed: boolean): Promise<ConflictPick | undefined> {
  const name = sides.title.replace(/[^\w.-]+/g, '_');
  const inPlace = (text: string | undefined) => (text === undefined || !sides.context ? text : sides.context.before + text + sides.context.after);
  await vscode.commands.executeCommand('vscode.diff', content.uri(`yours-${name}`, inPlace(sides.user)), content.uri(`${sides.region ? 'task' : 'file'}-${name}`, inPlace(sides.task)), `${sides.title}: yours ↔ ${sides.taskName}`, {
    preview: true,
  });
  const base = await vscode.workspace.openTextDocument(content.uri(`original-${name}`, inPlace(sides.base)));
  await vscode.window.showTextDocument(base, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: true });
  type Item = vscode.QuickPickItem & { pick: ConflictPick };
  const items: Item[] = [
    { label: 'Keep yours', description: sides.user === undefined ? '(no file)' : undefined, pick: 'user' },
    { label: `Take ${sides.taskName}`, description: sides.task === undefined ? '(no file)' : undefined, pick: 'task' },
  ];
  if (sides.region) items.push({ label: 'Keep both', description: 'yours first', pick: 'both' });
  if (sides.region && modelAllowed) items.push({ label: 'Resolve with the fast model', description: 'streams a merged version as a pending edit to accept or reject', pick: 'model' });
  const chosen = await vscode.window.showQuickPick(items, { title: `Conflict: ${sides.title}`, placeHolder: 'Both changed this; nothing is applied here until you pick', ignoreFocusOut: true });
  return chosen?.pick;
}
