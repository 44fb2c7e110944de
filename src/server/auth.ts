import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { unauthorizedError, type ApiError } from './apiError';
import type { EndpointContext } from './endpointContext';

/**
 * The 401 to answer with when the request lacks the configured bearer token, or when the
 * `unauthorized` fault applies (`withFaults: false` for the admin routes that clear faults).
 */
export function authError(req: IncomingMessage, ctx: EndpointContext, withFaults = true): ApiError | undefined {
  if (withFaults && ctx.faults.take('unauthorized')) return unauthorizedError();
  const expected = ctx.knobs.token;
  if (!expected) return undefined;
  const header = req.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7) : '';
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b) ? undefined : unauthorizedError();
}
