import type { Node } from 'web-tree-sitter';
import { MAX_WALK_DEPTH, TOP_SCOPE, functionScope, makeSymbol, nameText, qualified, type CodeSymbol, type WalkScope } from './codeSymbol';

/** Definitions in a Python tree: functions, methods, classes, module and class attributes. */
export function pythonSymbols(root: Node): CodeSymbol[] {
  const out: CodeSymbol[] = [];
  const source = root.text;

  const children = (node: Node, scope: WalkScope, depth: number): void => {
    if (depth > MAX_WALK_DEPTH) return;
    for (const child of node.namedChildren) visit(child, child, scope, depth + 1);
  };

  const visit = (node: Node, outer: Node, scope: WalkScope, depth: number): void => {
    if (node.type === 'decorated_definition') {
      const definition = node.childForFieldName('definition');
      if (definition) visit(definition, node, scope, depth);
      return;
    }
    if (node.type === 'function_definition') {
      const name = nameText(node.childForFieldName('name'));
      const body = node.childForFieldName('body');
      if (name) {
        const exported = isPublic(name) && !scope.inFunction && (scope.inClass ? scope.exported : true);
        const kind = scope.inClass ? 'method' : 'function';
        out.push(makeSymbol(source, { name, kind, scope, outer, declaration: node, body, exported, doc: docstring(body) }));
      }
      if (body) children(body, functionScope(scope, name ?? '<anonymous>'), depth);
      return;
    }
    if (node.type === 'class_definition') {
      const name = nameText(node.childForFieldName('name'));
      const body = node.childForFieldName('body');
      if (!name) return;
      const exported = isPublic(name) && !scope.inFunction;
      out.push(makeSymbol(source, { name, kind: 'class', scope, outer, declaration: node, body, exported, doc: docstring(body) }));
      if (body) children(body, { container: qualified(scope, name), inFunction: false, inClass: true, exported }, depth);
      return;
    }
    if (node.type === 'expression_statement' && node.firstNamedChild?.type === 'assignment') {
      return assignment(node, node.firstNamedChild, scope);
    }
    children(node, scope, depth);
  };

  const assignment = (statement: Node, node: Node, scope: WalkScope): void => {
    const name = node.childForFieldName('left')?.type === 'identifier' ? node.childForFieldName('left')?.text : undefined;
    const right = node.childForFieldName('right');
    if (!name) return;
    if (right?.type === 'lambda') {
      const exported = isPublic(name) && !scope.inFunction;
      out.push(makeSymbol(source, { name, kind: 'arrow', scope, outer: statement, declaration: statement, body: right.childForFieldName('body'), exported }));
    } else if (!scope.inFunction) {
      const exported = isPublic(name) && (scope.inClass ? scope.exported : true);
      out.push(makeSymbol(source, { name, kind: 'variable', scope, outer: statement, declaration: statement, exported }));
    }
  };

  visit(root, root, TOP_SCOPE, 0);
  return out;
}

/** Python's convention: a leading underscore is private; dunder names are public protocol. */
function isPublic(name: string): boolean {
  return !name.startsWith('_') || (name.startsWith('__') && name.endsWith('__'));
}

function docstring(body: Node | null): string | undefined {
  const first = body?.firstNamedChild;
  if (first?.type !== 'expression_statement') return undefined;
  const value = first.firstNamedChild;
  return value?.type === 'string' ? value.text : undefined;
}
