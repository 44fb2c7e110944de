import type { ContextItem } from './contextItem';
import type { Snippet } from './snippet';

/**
 * Recently viewed code (the snippet ring's picks, most relevant first) as context items: the
 * ring's order becomes their distance, so the ranking keeps it.
 */
export function viewedItems(snippets: readonly Snippet[]): ContextItem[] {
  return snippets.map((s, i) => ({
    source: 'viewed',
    path: s.path,
    ...(s.line === undefined ? {} : { line: s.line }),
    text: s.text,
    distance: i * 8,
    ageMs: 0,
    uses: 1,
    key: `viewed:${s.path}:${s.text.length}:${s.text.slice(0, 64)}`,
    trimmable: true,
  }));
}
