/**
 * The variants view's page. Same policy as the chat's: only our stylesheet and the one script
 * carrying this page's nonce; no inline script or style, no remote content, frames or forms.
 */
export interface VariantsPageSources {
  cspSource: string;
  nonce: string;
  styleUri: string;
  scriptUri: string;
}

export function variantsHtml(p: VariantsPageSources): string {
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
<title>Flint Variants</title>
</head>
<body>
<main id="app" aria-label="Flint variants"></main>
<script nonce="${escapeAttr(p.nonce)}" src="${escapeAttr(p.scriptUri)}"></script>
</body>
</html>
`;
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
