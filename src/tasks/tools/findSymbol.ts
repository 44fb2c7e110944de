import type { NamedDefinition } from '../../code/definitionsNamed';
import type { TaskTool } from './taskTool';
import { stringArg } from './taskTool';

/** Where a name is defined, as the context service's symbol index knows it (workspace-relative paths). */
export interface DefinitionSource {
  definitions(name: string): NamedDefinition[];
}

const NAME = /^[A-Za-z_$][\w$]*$/;

/** Lines that define `name` in the languages Flint parses, for when the index does not know it. */
function definitionPattern(name: string): string {
  const n = name.replace(/\$/g, '\\$');
  return `(function\\*?|class|interface|type|enum|def|func|const|let|var|struct|trait|fn)\\s+(\\([^)]*\\)\\s*)?${n}\\b|\\b${n}\\s*[:=]\\s*(async\\s*)?(function|\\()`;
}

/**
 * Definitions and references of a name: definitions from the symbol index (checked against the
 * working copy, which the task may have changed) or a definition-shaped search; references by a
 * whole-word search. Both go through the search tool, so the deny list and .gitignore hold.
 */
export function findSymbol(search: TaskTool, index?: DefinitionSource): TaskTool {
  return {
    spec: {
      name: 'find_symbol',
      description: 'Find where a function, class, type or variable is defined ("definitions") or used ("references"); answers "path:line: text" lines.',
      parameters: {
        type: 'object',
        properties: { name: { type: 'string' }, kind: { type: 'string', enum: ['definitions', 'references'] } },
        required: ['name', 'kind'],
        additionalProperties: false,
      },
    },
    async run(args, ctx) {
      const name = stringArg(args, 'name')!.trim();
      if (!NAME.test(name)) return { ok: false, output: `"${name}" is not an identifier: give one name, e.g. "parseArgs".` };
      if (args.kind === 'references') return search.run({ pattern: `\\b${name.replace(/\$/g, '\\$')}\\b` }, ctx);
      if (args.kind !== 'definitions') return { ok: false, output: 'Argument "kind" must be "definitions" or "references".' };
      const found = await search.run({ pattern: definitionPattern(name) }, ctx);
      const known = index ? index.definitions(name).filter((d) => !ctx.env.isDenied(d.path)) : [];
      // The index read the user's files; the search read the working copy: the search's lines are the current ones.
      const unseen = known.filter((d) => !found.output.includes(`${d.path}:`));
      if (!unseen.length) return found;
      const extra = unseen.map((d) => `${d.path}:${d.line}: ${d.signature.split('\n')[0]} (from the index; the line may have moved)`);
      return { ok: true, output: found.output.startsWith('No match') ? extra.join('\n') : `${found.output}\n${extra.join('\n')}` };
    },
  };
}
