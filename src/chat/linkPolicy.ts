const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * The URL if a link from model output may be offered to the user at all: web and mail links
 * only. Everything else (javascript:, command:, vscode:, file:, data:, relative paths) is
 * refused, so model text can never run code or commands through a click.
 */
export function safeExternalUrl(href: string): string | undefined {
  const trimmed = href.trim();
  // Browsers drop control characters and whitespace inside a scheme ("java\tscript:"): refuse
  // any URL that contains them rather than guess what a browser would make of it.
  if (trimmed === '' || /[\u0000-\u0020\u007f-\u009f\s]/.test(trimmed)) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  return ALLOWED_PROTOCOLS.has(url.protocol) ? url.href : undefined;
}
