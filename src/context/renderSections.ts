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

/** Definitions share one label per file (a path costs tokens, and they are many); other pieces keep their own. */
export function sharesLabel(item: Pick<ContextItem, 'source'>): boolean {
  return item.source === 'definitions';
}

/** A labelled piece of a section: one item, or a file's definitions together. */
export interface LabelledBlock {
  source: ContextSource;
  label: string;
  text: string;
}

/** The items as labelled blocks, in order: a file's definitions joined under its path, where the first of them stood. */
export function labelledBlocks(items: readonly ContextItem[]): LabelledBlock[] {
  const out: LabelledBlock[] = [];
  const byFile = new Map<string, LabelledBlock>();
  for (const item of items) {
    if (!sharesLabel(item)) {
      out.push({ source: item.source, label: itemLabel(item), text: item.text });
      continue;
    }
    const block = byFile.get(item.path);
    if (block) block.text += `\n${item.text}`;
    else {
      const fresh = { source: item.source, label: item.path, text: item.text };
      byFile.set(item.path, fresh);
      out.push(fresh);
    }
  }
  return out;
}

/**
 * The blocks section by section, in the sections' order, each section's blocks as they came
 * (best first). Where a prompt keeps only what fits of them, definitions go first.
 */
export function bySection(blocks: readonly LabelledBlock[]): LabelledBlock[] {
  return ORDER.flatMap((source) => blocks.filter((b) => b.source === source));
}

/**
 * The items as prompt sections, one per source, each headed by its title and each block by its
 * label; empty when there are none.
 */
export function renderSections(items: readonly ContextItem[]): string {
  const parts: string[] = [];
  const blocks = labelledBlocks(items);
  for (const source of ORDER) {
    const mine = blocks.filter((b) => b.source === source);
    if (!mine.length) continue;
    const body = source === 'diagnostics' ? mine.map((b) => `${b.label}: ${b.text}`) : mine.map((b) => `--- ${b.label}\n${b.text}`);
    parts.push(`## ${SECTION_TITLES[source]}\n${body.join('\n')}`);
  }
  return parts.join('\n\n');
}
