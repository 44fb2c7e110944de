import * as vscode from 'vscode';
import { connectionLabel } from '../status/connectionLabel';
import type { FlintServices } from './createServices';

/**
 * The connection item: warm / connecting / offline (with the reason) from activation on.
 * Clicking it opens the latency report.
 */
export function registerStatusBar(context: vscode.ExtensionContext, services: FlintServices): void {
  const item = vscode.window.createStatusBarItem('flint.connection', vscode.StatusBarAlignment.Right, 100);
  item.name = 'Flint connection';
  item.command = 'flint.showLatency';
  context.subscriptions.push(item);

  let unsubscribe: (() => void) | undefined;
  const render = () => {
    if (!vscode.workspace.isTrusted) {
      item.text = '$(shield) Flint';
      item.tooltip = 'Flint: this workspace is not trusted; nothing is sent to any model until you trust it.';
      item.backgroundColor = undefined;
      item.show();
      return;
    }
    const label = connectionLabel(services.fast().state);
    item.text = label.text;
    item.tooltip = label.tooltip;
    item.backgroundColor = label.warning ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    item.show();
  };
  const follow = () => {
    unsubscribe?.();
    if (vscode.workspace.isTrusted) unsubscribe = services.fast().onStateChange(render);
    render();
  };
  follow();
  const offClients = services.onClientsChange(follow);
  context.subscriptions.push({ dispose: () => { unsubscribe?.(); offClients(); } });
}
