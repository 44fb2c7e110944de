import { webviewPage, type WebviewPageSources } from '../webview/webviewPage';

export type VariantsPageSources = WebviewPageSources;

/** The variants view's page, under the strict policy every Flint webview has. */
export function variantsHtml(p: VariantsPageSources): string {
  return webviewPage(p, 'Flint Variants', 'Flint variants');
}
