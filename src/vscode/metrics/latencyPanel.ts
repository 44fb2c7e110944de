import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { parseLatencyViewMessage, type ToLatencyView } from '../../metrics/latencyMessages';
import type { MetricsStore } from '../../metrics/metricsStore';
import { tokenPrices } from '../../metrics/tokenCost';
import type { Services } from '../../services';

// Live updates are coalesced: a burst of ghost-text samples redraws the report once.
const REDRAW_MS = 250;

/** `flint.showLatency`: this session's latency as live histograms, exportable as JSON. */
export function registerLatency(context: vscode.ExtensionContext, services: Services, metrics: MetricsStore): void {
  let panel: vscode.WebviewPanel | undefined;

  const show = async () => {
    if (panel) {
      panel.reveal();
      return;
    }
    const media = vscode.Uri.joinPath(context.extensionUri, 'media', 'latency');
    const dist = vscode.Uri.joinPath(context.extensionUri, 'dist', 'media');
    const p = vscode.window.createWebviewPanel('flint.latency', 'Flint Latency', vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: [media, dist],
    });
    panel = p;
    p.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'flint.svg');

    let timer: ReturnType<typeof setTimeout> | undefined;
    const post = () => {
      timer = undefined;
      const message: ToLatencyView = { type: 'snapshot', snapshot: metrics.snapshot(tokenPrices(services.config())) };
      void p.webview.postMessage(message);
    };
    const offRecord = metrics.onRecord(() => {
      if (p.visible && !timer) timer = setTimeout(post, REDRAW_MS);
    });
    const subs = [
      p.webview.onDidReceiveMessage((raw) => {
        const message = parseLatencyViewMessage(raw);
        if (message?.type === 'ready') post();
        else if (message?.type === 'export') void exportJson(metrics, services);
      }),
      p.onDidChangeViewState(() => {
        if (p.visible) post();
      }),
    ];
    p.onDidDispose(() => {
      panel = undefined;
      offRecord();
      if (timer) clearTimeout(timer);
      for (const s of subs) s.dispose();
    });

    try {
      p.webview.html = await renderHtml(p.webview, media, dist);
    } catch (err) {
      const message = `Flint could not open the latency report: ${err instanceof Error ? err.message : String(err)}. Reinstalling the extension restores its files.`;
      services.log.error(message);
      void vscode.window.showErrorMessage(message);
      p.dispose();
    }
  };

  context.subscriptions.push(
    vscode.commands.registerCommand('flint.showLatency', show),
    { dispose: () => panel?.dispose() },
  );
}

async function renderHtml(webview: vscode.Webview, media: vscode.Uri, dist: vscode.Uri): Promise<string> {
  const template = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(media, 'index.html')));
  const values: Record<string, string> = {
    cspSource: webview.cspSource,
    nonce: randomBytes(18).toString('base64'),
    styleUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'latency.css')).toString(),
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(dist, 'latency.js')).toString(),
  };
  return template.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => {
    const v = values[key];
    if (v === undefined) throw new Error(`media/latency/index.html has an unknown placeholder {{${key}}}`);
    return v;
  });
}

async function exportJson(metrics: MetricsStore, services: Services): Promise<void> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const uri = await vscode.window.showSaveDialog({
    title: 'Export Flint latency report',
    defaultUri: folder ? vscode.Uri.joinPath(folder, `flint-latency-${stamp}.json`) : undefined,
    filters: { JSON: ['json'] },
    saveLabel: 'Export',
  });
  if (!uri) return;
  try {
    const json = JSON.stringify(metrics.export(tokenPrices(services.config())), null, 2);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(json));
    services.log.info(`latency report exported to ${uri.fsPath}`);
    void vscode.window.showInformationMessage(`Flint latency report saved to ${uri.fsPath}.`);
  } catch (err) {
    const message = `Flint could not save the latency report to ${uri.fsPath}: ${err instanceof Error ? err.message : String(err)}. Choose another location.`;
    services.log.error(message);
    void vscode.window.showErrorMessage(message);
  }
}
