import type { IncomingMessage } from 'node:http';
import { ApiError } from '../apiError';

/** Reads a JSON body up to `limit` bytes; a clear 4xx on anything else. */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new ApiError(413, 'payload_too_large', `Request body exceeds the ${limit}-byte limit.`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) throw new ApiError(400, 'invalid_json', 'The request body is empty; send a JSON object.');
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}
