import { matchEntry } from './completionCache';
import type { CompletionRequest } from './completionTypes';
import { cursorPlace } from './cursorPlace';
import type { StageParts } from './pipeline/keystroke';

/**
 * Asks ahead of the first key for the document state the cursor arrived at: no request when
 * something kept or running already serves it, else one (a prefetch). Resolves true once a
 * suggestion is ready there (the editor may ask for it and get it at once), false when none
 * comes, or when `req.signal` aborts: the cursor left, and the request goes if nothing used it.
 */
export async function prefetch(parts: StageParts, req: CompletionRequest): Promise<boolean> {
  const { requests, cache } = parts;
  if (req.signal?.aborted || requests.isPaused()) return false;
  for (const entry of requests.staleFor(req.prefix, req.suffix)) requests.cancel(entry);
  const place = cursorPlace(req.prefix, req.suffix);
  // Something kept or running serves the place (a finished entry only serves where it is ready).
  const hit = cache.lookup(req.prefix, req.suffix)[0];
  const own = !hit;
  const entry = hit?.entry ?? requests.start(req, place, 'prefetch');
  const maxLines = parts.settings().maxLines;
  const ready = await entry.until(() => {
    const h = matchEntry(entry, req.prefix);
    if (!h || (!h.ready && !entry.running)) return { value: false };
    const shaped = h.ready ? entry.suggestionAt(place, maxLines)?.suggestion : undefined;
    if (!shaped) return entry.running ? undefined : { value: false };
    return { value: shaped.text !== '' };
  }, req.signal);
  if (!ready && own && entry.running && !entry.used) requests.cancel(entry);
  return ready?.value ?? false;
}
