import type { Node } from 'web-tree-sitter';
import type { GrammarName } from './parserLanguages';

/** One name an import brings into a file. */
export interface ImportBinding {
  /** The name the file uses (`c` in `import { b as c }`). */
  local: string;
  /** The name in the module: `default`, `*` for the module itself (namespace, Python module, Go package). */
  imported: string;
  /** The module as written (`./x`, `.events`, `asyncio.events`, `net/http`). */
  module: string;
  /** 0-based first and last line of the import statement. */
  line: number;
  endLine: number;
}

/** `export { a as b } from './x'` (names) or `export * from './x'` (no names). */
export interface ReExport {
  module: string;
  names?: { exported: string; imported: string }[];
}

export interface FileImports {
  bindings: ImportBinding[];
  reexports: ReExport[];
}

/** The imports of a parsed file (top level, plus CommonJS `require` in declarations). */
export function findImports(root: Node, grammar: GrammarName): FileImports {
  if (grammar === 'python') return { bindings: pythonImports(root), reexports: [] };
  if (grammar === 'go') return { bindings: goImports(root), reexports: [] };
  return jsImports(root);
}

function stringValue(node: Node | null | undefined): string | undefined {
  if (!node) return undefined;
  const fragment = node.namedChildren.find((c) => c.type === 'string_fragment' || c.type === 'interpreted_string_literal_content');
  return fragment ? fragment.text : undefined;
}

function jsImports(root: Node): FileImports {
  const bindings: ImportBinding[] = [];
  const reexports: ReExport[] = [];
  for (const statement of root.namedChildren) {
    const line = statement.startPosition.row;
    const endLine = statement.endPosition.row;
    if (statement.type === 'import_statement') {
      const require = statement.namedChildren.find((c) => c.type === 'import_require_clause');
      const module = stringValue(statement.childForFieldName('source') ?? require?.childForFieldName('source'));
      if (!module) continue;
      if (require?.firstNamedChild) bindings.push({ local: require.firstNamedChild.text, imported: '*', module, line, endLine });
      const clause = statement.namedChildren.find((c) => c.type === 'import_clause');
      for (const part of clause?.namedChildren ?? []) {
        if (part.type === 'identifier') bindings.push({ local: part.text, imported: 'default', module, line, endLine });
        if (part.type === 'namespace_import' && part.firstNamedChild) bindings.push({ local: part.firstNamedChild.text, imported: '*', module, line, endLine });
        if (part.type !== 'named_imports') continue;
        for (const spec of part.namedChildren) {
          const name = spec.childForFieldName('name')?.text;
          if (name) bindings.push({ local: spec.childForFieldName('alias')?.text ?? name, imported: name, module, line, endLine });
        }
      }
    } else if (statement.type === 'export_statement') {
      const module = stringValue(statement.childForFieldName('source'));
      if (!module) continue;
      const clause = statement.namedChildren.find((c) => c.type === 'export_clause');
      const names = clause?.namedChildren.flatMap((spec) => {
        const name = spec.childForFieldName('name')?.text;
        return name ? [{ exported: spec.childForFieldName('alias')?.text ?? name, imported: name }] : [];
      });
      const star = statement.namedChildren.find((c) => c.type === 'namespace_export');
      if (star?.firstNamedChild) reexports.push({ module, names: [{ exported: star.firstNamedChild.text, imported: '*' }] });
      else reexports.push(names ? { module, names } : { module });
    } else if (statement.type === 'lexical_declaration' || statement.type === 'variable_declaration') {
      for (const declarator of statement.namedChildren) requireBinding(declarator, { line, endLine }, bindings);
    }
  }
  return { bindings, reexports };
}

/** `const x = require('m')`, `const { a, b: c } = require('m')`. */
function requireBinding(declarator: Node, lines: Pick<ImportBinding, 'line' | 'endLine'>, out: ImportBinding[]): void {
  const value = declarator.childForFieldName('value');
  if (value?.type !== 'call_expression' || value.childForFieldName('function')?.text !== 'require') return;
  const module = stringValue(value.childForFieldName('arguments')?.firstNamedChild);
  const name = declarator.childForFieldName('name');
  if (!module || !name) return;
  if (name.type === 'identifier') out.push({ local: name.text, imported: '*', module, ...lines });
  if (name.type !== 'object_pattern') return;
  for (const part of name.namedChildren) {
    if (part.type === 'shorthand_property_identifier_pattern') out.push({ local: part.text, imported: part.text, module, ...lines });
    if (part.type === 'pair_pattern') {
      const key = part.childForFieldName('key')?.text;
      const local = part.childForFieldName('value');
      if (key && local?.type === 'identifier') out.push({ local: local.text, imported: key, module, ...lines });
    }
  }
}

function pythonImports(root: Node): ImportBinding[] {
  const out: ImportBinding[] = [];
  const visit = (node: Node, depth: number) => {
    for (const statement of node.namedChildren) {
      const line = statement.startPosition.row;
      const endLine = statement.endPosition.row;
      if (statement.type === 'import_statement') {
        for (const name of statement.childrenForFieldName('name')) {
          const dotted = name.type === 'aliased_import' ? name.childForFieldName('name')?.text : name.text;
          const alias = name.type === 'aliased_import' ? name.childForFieldName('alias')?.text : undefined;
          // `import a.b` binds `a`; `import a.b as c` binds the module a.b as `c`.
          if (dotted) out.push({ local: alias ?? dotted.split('.')[0], imported: '*', module: alias ? dotted : dotted.split('.')[0], line, endLine });
        }
      } else if (statement.type === 'import_from_statement') {
        const module = statement.childForFieldName('module_name')?.text;
        if (!module) continue;
        if (statement.namedChildren.some((c) => c.type === 'wildcard_import')) out.push({ local: '*', imported: '*', module, line, endLine });
        for (const name of statement.childrenForFieldName('name')) {
          const imported = name.type === 'aliased_import' ? name.childForFieldName('name')?.text : name.text;
          const alias = name.type === 'aliased_import' ? name.childForFieldName('alias')?.text : undefined;
          if (imported) out.push({ local: alias ?? imported, imported, module, line, endLine });
        }
      } else if (depth < 2 && (statement.type === 'if_statement' || statement.type === 'try_statement' || statement.type === 'block' || statement.type === 'else_clause' || statement.type === 'except_clause')) {
        // `try: import x except ImportError: …` and `if TYPE_CHECKING:` blocks.
        visit(statement, depth + 1);
      }
    }
  };
  visit(root, 0);
  return out;
}

function goImports(root: Node): ImportBinding[] {
  const out: ImportBinding[] = [];
  for (const spec of root.descendantsOfType('import_spec')) {
    const module = stringValue(spec.childForFieldName('path'));
    if (!module) continue;
    const name = spec.childForFieldName('name')?.text;
    if (name === '_') continue;
    // A Go package is named by its last path element (`net/http` → `http`) unless aliased.
    out.push({ local: name ?? module.split('/').pop()!, imported: '*', module, line: spec.startPosition.row, endLine: spec.endPosition.row });
  }
  return out;
}
