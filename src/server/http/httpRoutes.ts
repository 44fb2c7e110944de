import { chatCompletionsRoute } from './chatCompletionsRoute';
import { completionsRoute } from './completionsRoute';
import type { RouteHandler } from './httpRouter';
import { infillRoute } from './infillRoute';
import { responsesRoute } from './responsesRoute';

/** The API routes, by "METHOD /path". */
export const httpRoutes: Record<string, RouteHandler> = {
  'POST /v1/responses': responsesRoute,
  'POST /v1/chat/completions': chatCompletionsRoute,
  'POST /v1/completions': completionsRoute,
  'POST /infill': infillRoute,
};
