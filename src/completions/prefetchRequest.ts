import type { CompletionRequest } from './completionTypes';
import { cursorPlace } from './cursorPlace';
import type { StageParts } from './pipeline/keystroke';

/**
 * Asks ahead of the first key for the document state the cursor arrived at, through the one
 * place requests are reused and started (CompletionRequests.ask): no request when something kept
 * or running already serves it, else one (a prefetch). Resolves true once a suggestion is ready
 * there (the editor may ask for it and get it at once), false when none comes, or when
 * `req.signal` aborts: the cursor left, and the request goes if nothing used it.
 */
export async function prefetch(parts: StageParts, req: CompletionRequest): Promise<boolean> {
  const { requests } = parts;
  if (req.signal?.aborted || requests.isPaused()) return false;
  const place = cursorPlace(req.prefix, req.suffix);
  const asked = requests.ask(req, place, 'prefetch');
  if (asked.kind === 'kept') return true;
  if (asked.kind !== 'running') return false;
  const { entry, own } = asked;
  const ready = await entry.follow(
    place,
    parts.settings().maxLines,
    (offer) => (offer === 'later' ? (entry.running ? undefined : { value: false }) : { value: offer !== 'never' && offer.suggestion.text !== '' }),
    req.signal,
  );
  if (!ready && own && entry.running && !entry.used) requests.cancel(entry);
  return ready?.value ?? false;
}
