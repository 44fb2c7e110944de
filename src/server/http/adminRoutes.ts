import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../apiError';
import type { EndpointContext } from '../endpointContext';
import { patchKnobs } from '../knobs';
import { readJsonBody } from './readBody';
import { sendJson } from './sendJson';

/**
 * Test controls, served only when the endpoint was started with an admin token and only to
 * requests that carry it (`X-Flint-Admin`): `POST /__admin/faults` replaces the fault settings
 * (`{}` clears), `POST /__admin/knobs` patches pacing and limits; GET on either shows the current
 * values. `GET /__admin/requests` lists the latest text generations' figures (POST clears them). A POST must be `application/json`, which a web page cannot send without a preflight.
 */
export async function adminRoutes(req: IncomingMessage, res: ServerResponse, ctx: EndpointContext, path: string): Promise<void> {
  if (!ctx.adminToken || !['/__admin/faults', '/__admin/knobs', '/__admin/requests'].includes(path)) {
    throw new ApiError(404, 'not_found', `No route for ${req.method} ${path}.`);
  }
  if (!sameToken(req.headers['x-flint-admin'], ctx.adminToken)) {
    throw new ApiError(401, 'invalid_admin_token', 'The test controls need the X-Flint-Admin header with the admin token.');
  }
  if (req.method === 'POST' && !/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '')) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the test controls as Content-Type: application/json.');
  }
  if (path === '/__admin/requests') {
    if (req.method === 'POST') ctx.requests.clear();
    sendJson(res, 200, { requests: ctx.requests.list() });
    return;
  }
  if (path === '/__admin/faults') {
    if (req.method === 'POST') ctx.faults.set((await readJsonBody(req, 1 << 20, ctx.bodyTimeoutMs)) as never);
    sendJson(res, 200, ctx.faults.describe());
    return;
  }
  if (req.method === 'POST') patchKnobs(ctx.knobs, await readJsonBody(req, 1 << 20, ctx.bodyTimeoutMs));
  sendJson(res, 200, { ...ctx.knobs, token: ctx.knobs.token ? '(set)' : '' });
}

function sameToken(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Turns a settings validation failure into a 400 naming the problem. */
export function adminError(err: unknown): ApiError | undefined {
  const message = (err as Error).message ?? '';
  return /^Invalid (fault settings|knobs)/.test(message) ? new ApiError(400, 'invalid_value', message) : undefined;
}
