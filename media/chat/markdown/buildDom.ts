import { safeExternalUrl } from '../../../src/chat/linkPolicy';
import { MD_TAGS, type MdChild, type MdElement } from './mdNode';

/**
 * The only place renderer trees become DOM. Text goes in as text nodes, attributes come from
 * the tree's typed fields only, and tag and link target are checked once more here, so even a
 * bug upstream cannot turn model text into markup, a handler or a script URL.
 */
export function buildNode(doc: Document, node: MdChild): Node {
  if (typeof node === 'string') return doc.createTextNode(node);
  if (!MD_TAGS.has(node.tag)) return doc.createTextNode(textOf(node));
  const out = doc.createElement(node.tag);
  if (node.cls) out.className = node.cls;
  if (node.href !== undefined) {
    const href = safeExternalUrl(node.href);
    if (href) out.setAttribute('href', href);
  }
  if (node.title) out.title = node.title;
  if (node.start !== undefined) out.setAttribute('start', String(node.start));
  if (node.action) {
    out.setAttribute('type', 'button');
    out.dataset.action = node.action;
  }
  if (node.label) out.setAttribute('aria-label', node.label);
  if (node.lang) out.dataset.lang = node.lang;
  if (node.path) out.dataset.path = node.path;
  for (const child of node.children) out.appendChild(buildNode(doc, child));
  return out;
}

/**
 * Make `parent`'s children from index `offset` on, which were built from `before`, match
 * `after`, touching only what differs: a streamed token usually changes one text node.
 */
export function patchChildren(parent: Node, offset: number, before: readonly MdChild[], after: readonly MdChild[]): void {
  const doc = parent.ownerDocument ?? (parent as Document);
  const common = Math.min(before.length, after.length);
  for (let i = 0; i < common; i++) {
    const dom = parent.childNodes[offset + i]!;
    const a = before[i]!;
    const b = after[i]!;
    if (typeof a === 'string' && typeof b === 'string') {
      if (a !== b) (dom as Text).data = b;
    } else if (typeof a !== 'string' && typeof b !== 'string' && sameShell(a, b)) {
      patchChildren(dom, 0, a.children, b.children);
    } else {
      parent.replaceChild(buildNode(doc, b), dom);
    }
  }
  for (let i = before.length - 1; i >= common; i--) parent.removeChild(parent.childNodes[offset + i]!);
  const next = parent.childNodes[offset + common] ?? null;
  for (let i = common; i < after.length; i++) parent.insertBefore(buildNode(doc, after[i]!), next);
}

function sameShell(a: MdElement, b: MdElement): boolean {
  return (
    a.tag === b.tag && a.cls === b.cls && a.href === b.href && a.title === b.title && a.start === b.start &&
    a.action === b.action && a.label === b.label && a.lang === b.lang && a.path === b.path
  );
}

function textOf(node: MdChild): string {
  return typeof node === 'string' ? node : node.children.map(textOf).join('');
}
