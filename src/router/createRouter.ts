import type { Config } from '../config/config';
import type { Logger } from '../log/logger';
import { route } from './route';
import type { RouteDecision, RouteRequest, RouterSettings } from './routeTypes';

export interface RouterDeps {
  config(): Config;
  log: Logger;
}

export function routerSettings(config: Config): RouterSettings {
  return {
    mode: config['router.mode'],
    fileThreshold: config['router.fileThreshold'],
    fastContextTokens: config['router.fastContextTokens'],
  };
}

/**
 * `Services.route`: decides with the current settings and logs each decision, so the output
 * channel shows why a request went where it went. The instruction itself is not logged.
 */
export function createRouter(deps: RouterDeps): (request: RouteRequest) => RouteDecision {
  return (request) => {
    const decision = route(request, routerSettings(deps.config()));
    const line = `route: ${decision.target} (${decision.reasons.join('; ')})`;
    // Ghost text asks on every keystroke; its fixed answer is only worth a trace line.
    if (request.surface === 'completion') deps.log.trace(line);
    else deps.log.info(line);
    return decision;
  };
}
