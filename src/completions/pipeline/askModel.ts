import type { Look } from './look';
import type { Keystroke, StageParts, Step } from './keystroke';
import { serve } from './serve';
import { waitForSuggestion } from './waitForSuggestion';

/**
 * Nothing the keystroke found serves it: ask for the place (CompletionRequests.ask looks again
 * when the keystroke waited, since a stream may have caught up, and reuses what serves it now;
 * only the newest keystroke starts a request, and not while requests pause after a failure),
 * then wait for the stream to bring the suggestion's first line (or block); the stream goes on
 * into the cache. A running request it reuses that diverges meanwhile leaves the place to a
 * request of its own.
 */
export function askModel(parts: StageParts, k: Keystroke): Step | Promise<Step> {
  return ask(parts, k, k.waited ? undefined : k.look, true);
}

function ask(parts: StageParts, k: Keystroke, look: Look | undefined, again: boolean): Step | Promise<Step> {
  const mayStart = !k.req.signal?.aborted && parts.newest(k);
  const asked = parts.requests.ask(k.req, k.place, 'keystroke', { look, mayStart });
  switch (asked.kind) {
    case 'kept':
      return serve(parts, k, { entry: asked.entry, suggestion: asked.suggestion, fresh: false, waitStart: k.t0 });
    case 'nothing-here':
      return { why: 'nothing-here' };
    case 'paused':
      return { why: 'paused' };
    case 'none':
      return { why: 'superseded' };
    case 'running':
      return waitForSuggestion(parts, k, asked.entry, asked.own).then((waited): Step | Promise<Step> => {
        if (!waited) return { why: 'superseded' };
        if (waited.value) return waited.value;
        return asked.own || !again ? { why: 'no-suggestion' } : ask(parts, k, undefined, false);
      });
  }
}
