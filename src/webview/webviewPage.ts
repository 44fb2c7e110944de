/**
 * A Flint webview's page. The CSP allows only our own stylesheet and the one script carrying
 * this page's nonce: no inline script or style, no remote content, no frames, no forms, and
 * images only from the extension or data URIs.
 */
export interface WebviewPageSources {
  cspSource: string;
  nonce: string;
  styleUri: string;
  scriptUri: string;
}

export function webviewPage(p: WebviewPageSources, title: string, label: string): string {
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${p.nonce}'`,
    `style-src ${p.cspSource}`,
    `img-src ${p.cspSource} data:`,
    `font-src ${p.cspSource}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttr(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttr(p.styleUri)}">
<title>${escapeAttr(title)}</title>
</head>
<body>
<main id="app" aria-label="${escapeAttr(label)}"></main>
<script nonce="${escapeAttr(p.nonce)}" src="${escapeAttr(p.scriptUri)}"></script>
</body>
</html>
`;
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
