/** The WebSocket URL of the Responses API: `…/v1` gets `/responses` appended. */
export function wsResponsesUrl(url: string): string {
  const u = new URL(url);
  const path = u.pathname.replace(/\/+$/, '');
  if (path === '' || /\/v1$/.test(path)) u.pathname = `${path}/responses`;
  return u.href;
}

/** The SDK's base URL: an endpoint path (`/responses`, `/chat/completions`, …) is dropped. */
export function httpBaseUrl(url: string): string {
  const u = new URL(url);
  u.pathname = u.pathname.replace(/\/+$/, '').replace(/\/(responses|chat\/completions|completions|infill)$/, '');
  u.search = '';
  return u.href.replace(/\/+$/, '');
}

/** llama.cpp serves `/infill` beside `/v1`, not under it. */
export function infillUrl(baseUrl: string): string {
  const u = new URL(baseUrl);
  u.pathname = `${u.pathname.replace(/\/+$/, '').replace(/\/v1$/, '')}/infill`;
  return u.href;
}

/** The HTTP(S) URL of the same server as a WebSocket URL: where requests go while sockets fail. */
export function httpUrlOfWs(url: string): string {
  const u = new URL(url);
  u.protocol = u.protocol === 'wss:' ? 'https:' : 'http:';
  return u.href;
}
