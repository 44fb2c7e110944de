import type { ServerResponse } from 'node:http';
import type { ApiError } from '../apiError';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Sends an error as `body` (the error's own by default); a reply already under way is cut instead. */
export function sendError(res: ServerResponse, error: ApiError, body: unknown = error.body()): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, error.status, body, error.headers);
}
