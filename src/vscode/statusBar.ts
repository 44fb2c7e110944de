import * as vscode from 'vscode';
import { formatLastRequest } from '../metrics/formatLastRequest';
import { connectionLabel } from '../status/connectionLabel';
import type { FlintServices } from './createServices';

/**
 * The connection item: warm / connecting / offline (with the reason) from activation on, the
 * last request's first-token time and speed, and a spinner while a generation streams.
 * Clicking it opens the latency report.
 */
export function registerStatusBar(context: vscode.ExtensionContext, services: FlintServices): void {
  const item = vscode.window.createStatusBarItem('flint.connection', vscode.StatusBarAlignment.Right, 100);
  item.name = 'Flint connection';
  item.command = 'flint.showLatency';
  context.subscriptions.push(item);

  let unsubscribe: (() => void) | undefined;
  const render = () => {
    const state = services.fast().state;
    const last = formatLastRequest(services.metricsStore.lastRequest());
    const label = connectionLabel(state, last.text || undefined);
    const streaming = services.activeGenerations() > 0 && state.status !== 'offline';
    item.text = streaming ? label.text.replace(/^\$\([^)]+\)/, '$(loading~spin)') : label.text;
    const trust = vscode.workspace.isTrusted ? '' : '\nThis workspace is not trusted: nothing is sent until you trust it.';
    item.tooltip = [label.tooltip + trust, last.tooltip, 'Click for the latency report.'].filter(Boolean).join('\n\n');
    item.backgroundColor = label.warning ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    item.show();
  };
  const follow = () => {
    unsubscribe?.();
    unsubscribe = services.fast().onStateChange(render);
    render();
  };
  follow();
  const offClients = services.onClientsChange(follow);
  const offRecord = services.metricsStore.onRecord(render);
  const offActive = services.onActiveGenerationsChange(render);
  context.subscriptions.push({
    dispose: () => {
      unsubscribe?.();
      offClients();
      offRecord();
      offActive();
    },
  });
}
