import type { ContextItem, ContextSource } from './contextItem';

/** Section headings, in the order sections appear: the most stable first (they change least between requests). */
export const SECTION_TITLES: Record<ContextSource, string> = {
  definitions: 'Definitions of names used here (from their files)',
  tests: 'Existing tests and test setup',
  viewed: 'Code recently viewed in other files',
  edits: 'Recent edits in other files',
  diagnostics: 'Problems the editor reports near here',
};

const ORDER = Object.keys(SECTION_TITLES) as ContextSource[];

/** The label line of an item: where it comes from, 1-based line as editors show it. */
export function itemLabel(item: ContextItem): string {
  return item.line === undefined ? item.path : `${item.path}:${item.line + 1}`;
}

/**
 * The items as prompt sections, one per source, each headed by its title and each item by its
 * label; empty when there are none.
 */
export function renderSections(items: readonly ContextItem[]): string {
  const parts: string[] = [];
  for (const source of ORDER) {
    const mine = items.filter((i) => i.source === source);
    if (!mine.length) continue;
    const body = source === 'diagnostics' ? mine.map((i) => `${itemLabel(i)}: ${i.text}`) : mine.map((i) => `--- ${itemLabel(i)}\n${i.text}`);
    parts.push(`## ${SECTION_TITLES[source]}\n${body.join('\n')}`);
  }
  return parts.join('\n\n');
}
