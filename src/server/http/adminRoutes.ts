import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../apiError';
import type { EndpointContext } from '../endpointContext';
import { patchKnobs } from '../knobs';
import { readJsonBody } from './readBody';
import { sendJson } from './sendJson';

/**
 * Test controls: `POST /__admin/faults` replaces the fault settings (`{}` clears),
 * `POST /__admin/knobs` patches pacing and limits; GET on either shows the current values.
 */
export async function adminRoutes(req: IncomingMessage, res: ServerResponse, ctx: EndpointContext, path: string): Promise<boolean> {
  if (path === '/__admin/faults') {
    if (req.method === 'POST') ctx.faults.set((await readJsonBody(req, 1 << 20)) as never);
    sendJson(res, 200, ctx.faults.describe());
    return true;
  }
  if (path === '/__admin/knobs') {
    if (req.method === 'POST') patchKnobs(ctx.knobs, await readJsonBody(req, 1 << 20));
    sendJson(res, 200, { ...ctx.knobs, token: ctx.knobs.token ? '(set)' : '' });
    return true;
  }
  return false;
}

/** Turns a settings validation failure into a 400 naming the problem. */
export function adminError(err: unknown): ApiError | undefined {
  const message = (err as Error).message ?? '';
  return /^Invalid (fault settings|knobs)/.test(message) ? new ApiError(400, 'invalid_value', message) : undefined;
}
