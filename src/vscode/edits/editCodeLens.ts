import * as vscode from 'vscode';
import type { EditSession } from '../../edits/editSession';

const mac = process.platform === 'darwin';
const key = (k: string) => (mac ? k.replace('Ctrl+', '⌘').replace('Backspace', '⌫').replace('Enter', '⏎') : k);

/** Accept / Reject / Redirect above a pending edit, and which model wrote it and why. */
export class EditCodeLens implements vscode.CodeLensProvider {
  constructor(
    private readonly sessionFor: (document: vscode.TextDocument) => EditSession | undefined,
    readonly onDidChangeCodeLenses: vscode.Event<void>,
  ) {}

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const session = this.sessionFor(document);
    if (!session || session.settled || session.startLine >= document.lineCount) return [];
    const at = new vscode.Range(session.startLine, 0, session.startLine, 0);
    const uri = document.uri.toString();
    const lens = (title: string, command: string, tooltip?: string) =>
      new vscode.CodeLens(at, { title, command, tooltip, arguments: command ? [{ uri }] : undefined });
    const lenses =
      session.state === 'streaming'
        ? [lens(`$(pulse) Generating… Stop (${key('Escape')})`, 'flint.stopEdit'), lens(`Redirect (${key('Ctrl+I')})`, 'flint.redirect')]
        : [
            lens(`$(check) Accept (${key('Ctrl+Enter')})`, 'flint.acceptEdit'),
            lens(`$(discard) Reject (${key('Ctrl+Backspace')})`, 'flint.rejectEdit'),
            lens(`Redirect (${key('Ctrl+I')})`, 'flint.redirect'),
          ];
    lenses.push(lens(modelLabel(session), '', [session.info.reasons.join('; '), session.info.note].filter(Boolean).join('\n')));
    return lenses;
  }
}

/** "fast · model-name: single file", or where a given text came from. */
export function modelLabel(session: EditSession): string {
  const { source, model, reasons } = session.info;
  const why = reasons[0]?.replace(/^(fast|full) model: /, '') ?? '';
  const head = source === 'given' ? why : `${source} · ${model ?? ''}${why ? `: ${why}` : ''}`;
  return session.info.note ? `${head} (${session.info.note})` : head;
}
