import type { Node } from 'web-tree-sitter';
import { MAX_WALK_DEPTH, TOP_SCOPE, functionScope, makeSymbol, nameText, type CodeSymbol, type SymbolKind, type WalkScope } from './codeSymbol';

/** Definitions in a Go tree: functions, methods (held by their receiver's type), types, constants, variables. */
export function goSymbols(root: Node): CodeSymbol[] {
  const out: CodeSymbol[] = [];
  const source = root.text;

  const children = (node: Node, scope: WalkScope, depth: number): void => {
    if (depth > MAX_WALK_DEPTH) return;
    for (const child of node.namedChildren) visit(child, scope, depth + 1);
  };

  const visit = (node: Node, scope: WalkScope, depth: number): void => {
    const type = node.type;
    if (type === 'function_declaration' || type === 'method_declaration') {
      const name = nameText(node.childForFieldName('name'));
      const body = node.childForFieldName('body');
      const receiver = type === 'method_declaration' ? receiverType(node.childForFieldName('receiver')) : undefined;
      const owner: WalkScope = receiver ? { ...scope, container: receiver } : scope;
      if (name) {
        const kind = receiver ? 'method' : 'function';
        out.push(makeSymbol(source, { name, kind, scope: owner, outer: node, declaration: node, body, exported: isExported(name) }));
      }
      if (body) children(body, functionScope(owner, name ?? '<anonymous>'), depth);
      return;
    }
    if (type === 'type_declaration') return specs(node, ['type_spec', 'type_alias'], scope, typeSpec);
    if ((type === 'const_declaration' || type === 'var_declaration') && !scope.inFunction) {
      return specs(node, ['const_spec', 'var_spec'], scope, valueSpec);
    }
    if (type === 'short_var_declaration' || type === 'var_declaration') return funcLiterals(node, scope, depth);
    children(node, scope, depth);
  };

  /** The specs of a declaration; one spec takes the whole declaration's range. */
  const specs = (node: Node, types: string[], scope: WalkScope, each: (spec: Node, outer: Node, scope: WalkScope) => void): void => {
    const list = node.descendantsOfType(types).filter((s) => s.parent?.id === node.id || s.parent?.parent?.id === node.id);
    for (const spec of list) each(spec, list.length === 1 ? node : spec, scope);
  };

  const typeSpec = (spec: Node, outer: Node, scope: WalkScope): void => {
    const name = nameText(spec.childForFieldName('name'));
    const value = spec.childForFieldName('type');
    if (!name) return;
    const kind: SymbolKind = value?.type === 'interface_type' ? 'interface' : 'type';
    const body = value?.type === 'struct_type' ? value.firstNamedChild : null;
    out.push(makeSymbol(source, { name, kind, scope, outer, declaration: outer, body, exported: isExported(name) }));
  };

  const valueSpec = (spec: Node, outer: Node, scope: WalkScope): void => {
    for (const nameNode of spec.childrenForFieldName('name')) {
      const name = nameText(nameNode);
      if (name && name !== '_') out.push(makeSymbol(source, { name, kind: 'variable', scope, outer, declaration: outer, exported: isExported(name) }));
    }
  };

  /** `f := func(…) {…}` inside a function: a named function value. */
  const funcLiterals = (node: Node, scope: WalkScope, depth: number): void => {
    const left = node.childForFieldName('left')?.namedChildren ?? [];
    const right = node.childForFieldName('right')?.namedChildren ?? [];
    left.forEach((target, i) => {
      const name = nameText(target);
      const value = right[i];
      if (!name || value?.type !== 'func_literal') {
        if (value) children(value, scope, depth);
        return;
      }
      const body = value.childForFieldName('body');
      out.push(makeSymbol(source, { name, kind: 'arrow', scope, outer: node, declaration: node, body, exported: false }));
      if (body) children(body, functionScope(scope, name), depth);
    });
    if (!left.length) children(node, scope, depth);
  };

  visit(root, TOP_SCOPE, 0);
  return out;
}

function isExported(name: string): boolean {
  const first = name[0];
  return first !== first.toLowerCase();
}

/** `(r *T[K])` → `T`. */
function receiverType(receiver: Node | null): string | undefined {
  const id = receiver?.descendantsOfType('type_identifier')[0];
  return id ? id.text : undefined;
}
