import type { RouteDecision, RouteRequest } from '../router/routeTypes';
import type { ModelClient } from '../transport/modelClient';
import type { EditContext } from './editPrompt';

/** The models a rewrite may go to, and how it is routed between them. */
export interface EditModels {
  route(request: RouteRequest): RouteDecision;
  client(target: 'fast' | 'full'): ModelClient;
  /** The context window, in tokens, of the model a route goes to. */
  contextTokens(target: 'fast' | 'full'): number;
}

/** The lines to rewrite (whole lines) and what the model sees around them. */
export interface EditTarget {
  startLine: number;
  lines: string[];
  context: EditContext;
  /** Workspace-relative paths involved, for routing. */
  files: string[];
}
