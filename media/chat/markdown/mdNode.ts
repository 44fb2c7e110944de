import type { CodeAction } from '../../../src/chat/chatProtocol';

/**
 * The renderer's output: a tree over a closed set of tags and typed attributes. Model text
 * only ever becomes string leaves (DOM text nodes), so no markup, attribute or event handler
 * can come from it; `href` is only ever set to a URL that passed safeExternalUrl.
 */
export type MdTag =
  | 'p' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6'
  | 'ul' | 'ol' | 'li' | 'blockquote' | 'hr'
  | 'pre' | 'code' | 'em' | 'strong' | 'del' | 'a' | 'br'
  | 'span' | 'div' | 'button'
  | 'table' | 'thead' | 'tbody' | 'tr' | 'th' | 'td';

export const MD_TAGS: ReadonlySet<string> = new Set<MdTag>([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'hr',
  'pre', 'code', 'em', 'strong', 'del', 'a', 'br', 'span', 'div', 'button',
  'table', 'thead', 'tbody', 'tr', 'th', 'td',
]);

export interface MdElement {
  tag: MdTag;
  /** Class names chosen by the renderer, never taken from model text. */
  cls?: string;
  href?: string;
  title?: string;
  /** First number of an ordered list. */
  start?: number;
  /** Code block button. */
  action?: CodeAction;
  /** aria-label. */
  label?: string;
  /** Code block language, shown in its header (a data attribute, inert). */
  lang?: string;
  /** Code block target file from the fence's info string, for Apply (a data attribute). */
  path?: string;
  children: MdChild[];
}

export type MdChild = MdElement | string;

export function el(tag: MdTag, children: MdChild[] = [], attrs: Omit<MdElement, 'tag' | 'children'> = {}): MdElement {
  return { tag, ...attrs, children };
}
