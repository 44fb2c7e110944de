import * as vscode from 'vscode';
import type { ChatHistoryStore, ConversationSummary } from '../../chat/chatHistoryStore';

export interface HistoryActions {
  open(id: string): void;
  /** A conversation was deleted (or all were); the view may need a new chat. */
  deleted(id: string | undefined): void;
}

interface Item extends vscode.QuickPickItem {
  id: string;
}

const DELETE: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('trash'), tooltip: 'Delete this chat' };
const CLEAR: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('clear-all'), tooltip: 'Delete all chats' };

/** `flint.chatHistory`: past chats, newest first; open one, delete one, or clear them all. */
export function showChatHistory(store: ChatHistoryStore, currentId: string, actions: HistoryActions): void {
  const pick = vscode.window.createQuickPick<Item>();
  pick.title = 'Flint: Chat History';
  pick.placeholder = 'Open a past chat';
  pick.buttons = [CLEAR];
  pick.matchOnDetail = true;
  const refresh = () => {
    const list = store.list();
    pick.items = list.map((s) => toItem(s, s.id === currentId));
    if (list.length === 0) pick.placeholder = 'No past chats';
  };
  refresh();
  pick.onDidAccept(() => {
    const chosen = pick.selectedItems[0];
    pick.hide();
    if (chosen) actions.open(chosen.id);
  });
  pick.onDidTriggerItemButton(async (e) => {
    await store.delete(e.item.id);
    actions.deleted(e.item.id);
    refresh();
  });
  pick.onDidTriggerButton(async () => {
    pick.hide();
    const answer = await vscode.window.showWarningMessage('Delete all Flint chats? This cannot be undone.', { modal: true }, 'Delete All');
    if (answer !== 'Delete All') return;
    await store.clear();
    actions.deleted(undefined);
  });
  pick.onDidHide(() => pick.dispose());
  pick.show();
}

function toItem(s: ConversationSummary, current: boolean): Item {
  return {
    id: s.id,
    label: s.title,
    description: `${new Date(s.updatedAt).toLocaleString()}${current ? ' · open' : ''}`,
    detail: `${s.turns} message${s.turns === 1 ? '' : 's'}`,
    buttons: [DELETE],
  };
}
