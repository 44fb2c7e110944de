import type { ContextItem } from './contextItem';
import { definitionKey } from './definitionItems';
import type { NameUse } from './namesInPlay';
import type { SymbolIndex } from '../code/symbolIndex';

/** A module's outline counts as this many lines farther away than the use of its name. */
const OUTLINE_DISTANCE = 12;
/** Names listed per module, those the workspace uses most first. */
const MAX_OUTLINE_NAMES = 24;

/**
 * What a module imported whole brings in (`import * as ns`, Python's `from . import mod`, a Go
 * package): one signature line per top-level name it offers, for the modules whose name is used
 * near the focus. The next name after `ns.` is one of these, used or not yet. Names `offered`
 * (keys of definitions already given whole) are left out. Trimmable: the budget keeps as many
 * lines as fit.
 */
export function moduleOutlines(index: SymbolIndex, path: string, uses: readonly NameUse[], offered: ReadonlySet<string> = new Set()): ContextItem[] {
  const out: ContextItem[] = [];
  const seen = new Set<string>();
  for (const use of uses) {
    if (use.qualifier) continue;
    const binding = index.binding(path, use.name);
    if (!binding) continue;
    for (const file of index.moduleFiles(path, binding)) {
      if (seen.has(file) || file === path) continue;
      seen.add(file);
      const lines = (index.outline(file)?.symbols ?? [])
        .filter((s) => !s.container && s.exported && !offered.has(definitionKey(file, s)))
        .map((s, order) => ({ s, order, used: index.popularity(s.name) }))
        .sort((a, b) => b.used - a.used || a.order - b.order)
        .slice(0, MAX_OUTLINE_NAMES)
        .map(({ s }) => s.signature.split('\n')[0].trim());
      if (!lines.length) continue;
      out.push({
        source: 'definitions',
        path: file,
        text: lines.join('\n'),
        distance: use.distance + OUTLINE_DISTANCE,
        ageMs: 0,
        uses: use.count,
        key: `module:${file}`,
        trimmable: true,
      });
    }
  }
  return out;
}
