/**
 * The request's path without trailing slashes, or undefined when the request target cannot be
 * parsed (e.g. "//" or "//["): such a request gets a 400 instead of taking the server down.
 */
export function requestPath(rawUrl: string | undefined): string | undefined {
  try {
    return new URL(rawUrl ?? '/', 'http://localhost').pathname.replace(/\/+$/, '') || '/';
  } catch {
    return undefined;
  }
}
