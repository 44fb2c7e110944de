import * as vscode from 'vscode';
import type { Services } from '../../services';
import { TypingHold } from '../../tasks/typingHold';

/** The window's typing hold for background tasks: every change the user makes in the editor they type in counts as typing. */
export function tasksTypingHold(services: Services): { hold: TypingHold; watch: vscode.Disposable } {
  const hold = new TypingHold({ now: () => performance.now(), setTimeout, clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) }, () => services.config()['tasks.holdWhileTypingMs']);
  const watch = vscode.workspace.onDidChangeTextDocument((e) => {
    if (e.contentChanges.length > 0 && e.document === vscode.window.activeTextEditor?.document) hold.typed();
  });
  return { hold, watch };
}
