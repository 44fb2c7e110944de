import * as vscode from 'vscode';
import { pickInstruction } from '../../edits/instructionHistory';

const NEW_ITEM_DESCRIPTION = 'new instruction';

/**
 * Asks for an edit instruction in a quick pick: what is typed comes first (Enter takes it),
 * earlier instructions follow and can be picked or recalled with the arrow keys. Resolves
 * undefined when dismissed.
 */
export function askInstruction(options: { title: string; value?: string; history: readonly string[] }): Promise<string | undefined> {
  const qp = vscode.window.createQuickPick<vscode.QuickPickItem>();
  qp.title = options.title;
  qp.placeholder = 'Describe the change (start with /fast or /deep to choose the model, /variants N to compare several, /task to hand it to a background task); earlier instructions below';
  qp.ignoreFocusOut = false;
  qp.matchOnDescription = false;
  const earlier = options.history.map((label) => ({ label, description: 'earlier' }));
  const refresh = (value: string) => {
    const typed = value.trim();
    qp.items = typed ? [{ label: typed, description: NEW_ITEM_DESCRIPTION, alwaysShow: true }, ...earlier.filter((e) => e.label !== typed)] : earlier;
  };
  qp.value = options.value ?? '';
  refresh(qp.value);
  return new Promise((resolve) => {
    let result: string | undefined;
    qp.onDidChangeValue(refresh);
    qp.onDidAccept(() => {
      const active = qp.activeItems[0];
      const picked = pickInstruction(qp.value, active && { label: active.label, typed: active.description === NEW_ITEM_DESCRIPTION });
      if (picked === '') return;
      result = picked;
      qp.hide();
    });
    qp.onDidHide(() => {
      qp.dispose();
      resolve(result);
    });
    qp.show();
  });
}

