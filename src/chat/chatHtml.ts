import { webviewPage, type WebviewPageSources } from '../webview/webviewPage';

export type ChatPageSources = WebviewPageSources;

/** The chat webview's page, under the strict policy every Flint webview has. */
export function chatHtml(p: ChatPageSources): string {
  return webviewPage(p, 'Flint Chat', 'Flint chat');
}
