import type { CompletionRequests } from './completionRequests';
import type { CompletionResult, CompletionRequest, Suggestion } from './completionTypes';
import { cursorPlace } from './cursorPlace';
import type { Clock } from '../time/clock';
import { suggestionKey } from './suggestionKey';

export interface AlternativeParts {
  requests: Pick<CompletionRequests, 'isPaused' | 'startAlternatives' | 'cancel'>;
  clock: Clock;
  maxLines(): number;
}

/**
 * Up to `count` suggestions for `req` that differ from `shown` (and from each other), for the
 * editor to cycle through: `count` requests in parallel, pushed apart by a spread of sampling
 * temperatures where the endpoint takes one. Each is waited for to its end (a suggestion is
 * shown whole, never growing). Aborting `req.signal` cancels them all at once.
 */
export async function requestAlternatives(parts: AlternativeParts, req: CompletionRequest, shown: Suggestion, count: number): Promise<CompletionResult[]> {
  const { requests, clock } = parts;
  const t0 = clock.now();
  if (count <= 0 || req.signal?.aborted || requests.isPaused()) return [];
  const place = cursorPlace(req.prefix, req.suffix);
  const entries = requests.startAlternatives(req, place, count);
  const cancelAll = () => {
    for (const entry of entries) if (entry.running) requests.cancel(entry);
  };
  req.signal?.addEventListener('abort', cancelAll, { once: true });
  try {
    const ended = await Promise.all(
      entries.map((entry) =>
        entry.until(() => (entry.running ? undefined : { value: entry.state === 'completed' ? entry.suggestionAt(place, parts.maxLines())?.suggestion : undefined }), req.signal),
      ),
    );
    if (req.signal?.aborted) return [];
    const t1 = clock.now();
    const seen = new Set([suggestionKey(shown)]);
    const results: CompletionResult[] = [];
    entries.forEach((entry, i) => {
      const suggestion = ended[i]?.value;
      if (!suggestion || suggestion.text === '' || seen.has(suggestionKey(suggestion))) return;
      seen.add(suggestionKey(suggestion));
      entry.used = true;
      results.push({ suggestion, source: 'model', entryId: entry.id, timing: { total: t1 - t0, debounce: 0, model: t1 - t0 } });
    });
    return results;
  } finally {
    req.signal?.removeEventListener('abort', cancelAll);
  }
}
