import type { IncomingMessage } from 'node:http';
import { ApiError } from '../apiError';

/** A body is drained up to this far past its limit so the keep-alive connection stays usable. */
const DRAIN_BYTES = 64 * 1024 * 1024;
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;

/**
 * Reads a JSON body up to `limit` bytes within `timeoutMs`; a clear 4xx on anything else. An
 * oversized body is read to its end and discarded before the 413, so the next request on the
 * same connection is parsed from its start; a body that does not arrive in time gets a 408.
 */
export async function readJsonBody(req: IncomingMessage, limit: number, timeoutMs = DEFAULT_BODY_TIMEOUT_MS): Promise<unknown> {
  const text = (await readBody(req, limit, timeoutMs)).toString('utf8');
  if (!text.trim()) throw new ApiError(400, 'invalid_json', 'The request body is empty; send a JSON object.');
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

function readBody(req: IncomingMessage, limit: number, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const close = { connection: 'close' };
    const tooLarge = (headers: Record<string, string> = {}) =>
      new ApiError(413, 'payload_too_large', `Request body exceeds the ${limit}-byte limit.`, null, undefined, headers);
    const finish = (err?: ApiError, body?: Buffer) => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onAborted);
      if (err) {
        // Nothing more of this body is wanted; what still arrives is discarded.
        req.resume();
        reject(err);
      } else resolve(body as Buffer);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (chunks.length) chunks.length = 0;
      if (size > limit + DRAIN_BYTES) finish(tooLarge(close));
    };
    const onEnd = () => (size > limit ? finish(tooLarge()) : finish(undefined, Buffer.concat(chunks)));
    const onError = () => finish(new ApiError(400, 'body_unreadable', 'The request body could not be read (the connection failed).', null, undefined, close));
    const onAborted = () => finish(new ApiError(400, 'body_incomplete', 'The client closed the connection before the body ended.', null, undefined, close));
    const timer = setTimeout(
      () => finish(new ApiError(408, 'request_timeout', `The request body did not arrive within ${Math.round(timeoutMs / 1000)} s.`, null, undefined, close)),
      timeoutMs,
    );
    req.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onAborted);
  });
}
