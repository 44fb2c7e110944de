import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../apiError';
import { authError } from '../auth';
import type { EndpointContext } from '../endpointContext';
import { adminError, adminRoutes } from './adminRoutes';
import { requestRefusal } from '../requestGuard';
import { requestPath } from './requestPath';
import { sendError, sendJson } from './sendJson';

export type RouteHandler = (req: IncomingMessage, res: ServerResponse, ctx: EndpointContext) => Promise<void>;

/** Serves the HTTP API: auth first, then the route table; every failure becomes a JSON error. */
export function httpRouter(ctx: EndpointContext, routes: Record<string, RouteHandler>) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = requestPath(req.url);
    if (path === undefined) return sendJson(res, 400, { error: { type: 'invalid_request_error', code: 'bad_path', message: 'The request path could not be parsed.' } });
    try {
      const refused = requestRefusal(req.headers, ctx.guard);
      if (refused) throw refused;
      if (path === '/health' && req.method === 'GET') return sendJson(res, 200, { status: 'ok' });
      // The test controls have their own token (the API token may be what a test changes).
      if (path.startsWith('/__admin/')) return await adminRoutes(req, res, ctx, path);
      const denied = authError(req, ctx);
      if (denied) throw denied;
      if (path === '/v1/models' && req.method === 'GET') {
        const meta = modelMeta(ctx);
        const data = ctx.models.names.map((id) => ({ id, object: 'model', created: 0, owned_by: ctx.dialect.owner, ...(meta && { meta }) }));
        return sendJson(res, 200, { object: 'list', data });
      }
      const handler = path === '/infill' && !ctx.dialect.infill ? undefined : routes[`${req.method} ${path}`];
      if (!handler) {
        const answer = ctx.dialect.notFound(req.method ?? 'GET', path);
        if (!answer) throw new ApiError(404, 'not_found', `No route for ${req.method} ${path}.`);
        res.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': Buffer.byteLength(answer.body) });
        return void res.end(answer.body);
      }
      await handler(req, res, ctx);
    } catch (err) {
      const apiError =
        err instanceof ApiError ? err : (adminError(err) ?? new ApiError(500, 'server_error', (err as Error).message));
      if (apiError.status >= 500) ctx.log(`${req.method} ${path} failed: ${apiError.message}`);
      sendError(res, apiError, ctx.dialect.errorBody(apiError));
    }
  };
}

/** What a real model is (llama.cpp's server also lists `meta`): clients configure themselves from it. */
function modelMeta(ctx: EndpointContext) {
  const f = ctx.engine.facts;
  if (!f) return undefined;
  return {
    file: f.file,
    n_ctx: f.contextLength,
    fill_in_the_middle: f.fimTokens.prefix !== null && f.fimTokens.suffix !== null,
    chat_template: f.chatTemplate,
    tools: f.tools,
    chars_per_token: f.charsPerToken,
    threads: f.threads,
  };
}
