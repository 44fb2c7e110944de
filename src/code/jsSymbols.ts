import type { Node } from 'web-tree-sitter';
import {
  MAX_WALK_DEPTH,
  TOP_SCOPE,
  functionScope,
  makeSymbol,
  nameText,
  qualified,
  type CodeSymbol,
  type SymbolKind,
  type WalkScope,
} from './codeSymbol';

const FUNCTION_VALUES: Record<string, SymbolKind> = {
  arrow_function: 'arrow',
  function_expression: 'function',
  function: 'function',
  generator_function: 'function',
};

const TYPE_DECLARATIONS: Record<string, SymbolKind> = {
  interface_declaration: 'interface',
  type_alias_declaration: 'type',
  enum_declaration: 'enum',
};

/** Definitions in a JavaScript or TypeScript tree. */
export function jsSymbols(root: Node): CodeSymbol[] {
  return new JsWalk(root.text).run(root);
}

class JsWalk {
  private readonly out: CodeSymbol[] = [];
  /** Names an `export { … }` clause or `module.exports = …` exports. */
  private readonly exportedNames = new Set<string>();

  constructor(private readonly source: string) {}

  run(root: Node): CodeSymbol[] {
    this.children(root, TOP_SCOPE, 0);
    const holders = new Set(this.out.filter((s) => (s.kind === 'class' || s.kind === 'variable') && !s.container).map((s) => s.name));
    for (const s of this.out) {
      // A class or object exported by name exports its members too.
      const owner = s.container ?? s.name;
      if (this.exportedNames.has(owner) && (!s.container || holders.has(owner))) s.exported = true;
      if (s.name.startsWith('#')) s.exported = false;
    }
    return this.out.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.column - b.range.start.column);
  }

  private children(node: Node, scope: WalkScope, depth: number): void {
    if (depth > MAX_WALK_DEPTH) return;
    for (const child of node.namedChildren) this.visit(child, child, scope, depth + 1);
  }

  /** `outer` is the node whose range the definition takes (its `export` statement, if any). */
  private visit(node: Node, outer: Node, scope: WalkScope, depth: number): void {
    const type = node.type;
    if (type === 'export_statement') return this.exportStatement(node, scope, depth);
    if (type === 'function_declaration' || type === 'generator_function_declaration' || type === 'function_signature') {
      return this.func(node, outer, scope, depth, scope.inClass ? 'method' : 'function');
    }
    if (type === 'class_declaration' || type === 'abstract_class_declaration' || type === 'class') return this.klass(node, outer, scope, depth);
    if (type === 'method_definition' || type === 'abstract_method_signature') return this.func(node, outer, scope, depth, 'method');
    if (type === 'public_field_definition' || type === 'field_definition') return this.field(node, scope, depth);
    if (type === 'lexical_declaration' || type === 'variable_declaration') return this.declaration(node, outer, scope, depth);
    if (type === 'pair') return this.pair(node, scope, depth);
    if (type === 'assignment_expression') return this.assignment(node, scope, depth);
    if (type === 'internal_module' || type === 'module') {
      const name = nameText(node.childForFieldName('name'));
      const body = node.childForFieldName('body');
      if (name && body) this.children(body, { ...scope, container: qualified(scope, name) }, depth);
      return;
    }
    const kind = TYPE_DECLARATIONS[type];
    if (kind) return this.typeDeclaration(node, outer, scope, kind);
    // A callback (`describe('…', () => { const result = … })`): its variables are locals.
    if (FUNCTION_VALUES[type]) return this.children(node, { ...scope, inFunction: true }, depth);
    if (type !== 'comment') this.children(node, scope, depth);
  }

  private exportStatement(node: Node, scope: WalkScope, depth: number): void {
    const declaration = node.childForFieldName('declaration') ?? node.childForFieldName('value');
    const isDefault = node.children.some((c) => c.type === 'default');
    if (declaration) {
      const first = this.out.length;
      this.visit(declaration, node, { ...scope, exported: true }, depth);
      if (isDefault && this.out.length > first) this.out[first].isDefault = true;
      return;
    }
    for (const child of node.namedChildren) {
      if (child.type !== 'export_clause') continue;
      for (const spec of child.namedChildren) {
        const name = nameText(spec.childForFieldName('name'));
        if (name) this.exportedNames.add(name);
      }
    }
    // `export default <expression>` and `export = <expression>` may hold functions.
    this.children(node, scope, depth);
  }

  private func(node: Node, outer: Node, scope: WalkScope, depth: number, kind: SymbolKind): void {
    const name = nameText(node.childForFieldName('name'));
    const body = node.childForFieldName('body');
    if (name) this.out.push(makeSymbol(this.source, { name, kind, scope, outer, declaration: node, body }));
    if (body) this.children(body, functionScope(scope, name ?? '<anonymous>'), depth);
  }

  private klass(node: Node, outer: Node, scope: WalkScope, depth: number): void {
    const name = nameText(node.childForFieldName('name'));
    const body = node.childForFieldName('body');
    if (name) this.out.push(makeSymbol(this.source, { name, kind: 'class', scope, outer, declaration: node, body }));
    const inner: WalkScope = { container: qualified(scope, name ?? '<class>'), inFunction: false, inClass: true, exported: scope.exported && !scope.inFunction };
    if (body) this.children(body, inner, depth);
  }

  private field(node: Node, scope: WalkScope, depth: number): void {
    const name = nameText(node.childForFieldName('name') ?? node.childForFieldName('property'));
    const value = node.childForFieldName('value');
    const kind = value ? FUNCTION_VALUES[value.type] : undefined;
    if (name && value && kind) return this.functionValue(name, kind === 'arrow' ? 'arrow' : 'method', node, node, value, scope, depth);
    if (value) this.children(value, scope, depth);
  }

  private declaration(node: Node, outer: Node, scope: WalkScope, depth: number): void {
    const declarators = node.namedChildren.filter((c) => c.type === 'variable_declarator');
    for (const declarator of declarators) {
      const name = nameText(declarator.childForFieldName('name'));
      const value = declarator.childForFieldName('value');
      // One declarator takes the whole statement (`export const f = …`); several take their own.
      const [own, start] = declarators.length === 1 ? [outer, node] : [declarator, declarator];
      const kind = value ? FUNCTION_VALUES[value.type] : undefined;
      if (name && value && kind) {
        this.functionValue(name, kind, own, start, value, scope, depth);
        continue;
      }
      if (name && value?.type === 'class') {
        this.out.push(makeSymbol(this.source, { name, kind: 'class', scope, outer: own, declaration: start, body: value.childForFieldName('body') }));
        const body = value.childForFieldName('body');
        if (body) this.children(body, { container: qualified(scope, name), inFunction: false, inClass: true, exported: scope.exported }, depth);
        continue;
      }
      if (name && !scope.inFunction && !scope.inClass) {
        this.out.push(makeSymbol(this.source, { name, kind: 'variable', scope, outer: own, declaration: start }));
      }
      // Object literals hold methods (`const api = { get() {} }`): their container is the name.
      if (value) this.children(value, name && !scope.inFunction ? { ...scope, container: qualified(scope, name) } : scope, depth);
    }
  }

  private functionValue(name: string, kind: SymbolKind, outer: Node, start: Node, value: Node, scope: WalkScope, depth: number): void {
    const body = value.childForFieldName('body');
    this.out.push(makeSymbol(this.source, { name, kind, scope, outer, declaration: start, body }));
    if (body) this.children(body, functionScope(scope, name), depth);
  }

  private pair(node: Node, scope: WalkScope, depth: number): void {
    const name = nameText(node.childForFieldName('key'));
    const value = node.childForFieldName('value');
    if (!value) return;
    const kind = FUNCTION_VALUES[value.type];
    if (name && kind && !scope.inFunction) return this.functionValue(name, 'method', node, node, value, scope, depth);
    this.children(node, scope, depth);
  }

  /** `exports.f = function …`, `A.prototype.m = function …`, `module.exports = { a, b }`. */
  private assignment(node: Node, scope: WalkScope, depth: number): void {
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if (!left || !right) return;
    if (left.type === 'member_expression' && !scope.inFunction) {
      const object = left.childForFieldName('object')?.text ?? '';
      const name = nameText(left.childForFieldName('property'));
      const kind = FUNCTION_VALUES[right.type];
      if (object === 'module' && name === 'exports') this.moduleExports(right);
      else if (name && kind && (object === 'exports' || object === 'module.exports')) {
        return this.functionValue(name, kind, statementOf(node), statementOf(node), right, { ...scope, exported: true }, depth);
      } else if (name && kind && object.endsWith('.prototype')) {
        const owner: WalkScope = { ...scope, container: qualified(scope, object.slice(0, -'.prototype'.length)) };
        return this.functionValue(name, 'method', statementOf(node), statementOf(node), right, owner, depth);
      }
    }
    this.children(node, scope, depth);
  }

  private moduleExports(value: Node): void {
    if (value.type === 'identifier') this.exportedNames.add(value.text);
    if (value.type !== 'object') return;
    for (const entry of value.namedChildren) {
      if (entry.type === 'shorthand_property_identifier') this.exportedNames.add(entry.text);
      const target = entry.type === 'pair' ? entry.childForFieldName('value') : null;
      if (target?.type === 'identifier') this.exportedNames.add(target.text);
    }
  }

  private typeDeclaration(node: Node, outer: Node, scope: WalkScope, kind: SymbolKind): void {
    const name = nameText(node.childForFieldName('name'));
    const body = kind === 'type' ? null : node.childForFieldName('body');
    if (name) this.out.push(makeSymbol(this.source, { name, kind, scope, outer, declaration: node, body }));
  }
}

function statementOf(node: Node): Node {
  return node.parent?.type === 'expression_statement' ? node.parent : node;
}
