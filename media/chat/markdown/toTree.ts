import { parseBlocks, type Block } from './blocks';
import { highlightLines } from './highlight';
import { parseInline } from './inline';
import { el, type MdChild, type MdElement } from './mdNode';

const MAX_DEPTH = 8;

/** Markdown text to the renderer's safe tree, one element per top-level block. */
export function markdownToTree(src: string): MdElement[] {
  return parseBlocks(src).map((b) => blockToTree(b, 0));
}

export function blockToTree(block: Block, depth: number): MdElement {
  switch (block.kind) {
    case 'paragraph':
      return el('p', parseInline(block.text));
    case 'heading':
      return el(`h${block.level}` as 'h1', parseInline(block.text));
    case 'hr':
      return el('hr');
    case 'code':
      return codeBlock(block.code, block.lang, block.path);
    case 'quote':
      return el('blockquote', nested(block.text, depth));
    case 'list': {
      const items = block.items.map((item) => el('li', listItem(item, depth)));
      return block.ordered && block.startNumber !== 1 ? el('ol', items, { start: block.startNumber }) : el(block.ordered ? 'ol' : 'ul', items);
    }
  }
}

/** A tight item (one paragraph) keeps its text directly in the <li>. */
function listItem(text: string, depth: number): MdChild[] {
  if (depth >= MAX_DEPTH) return [text];
  const blocks = parseBlocks(text);
  if (blocks.length === 1 && blocks[0]!.kind === 'paragraph') return parseInline(blocks[0]!.text);
  return blocks.map((b) => blockToTree(b, depth + 1));
}

/** Nesting is capped so a hostile "> > > > …" line cannot exhaust the stack. */
function nested(text: string, depth: number): MdChild[] {
  if (depth >= MAX_DEPTH) return [el('p', [text])];
  return parseBlocks(text).map((b) => blockToTree(b, depth + 1));
}

/**
 * A code block with its toolbar. Each source line is one `span.line` ending in "\n" (but the
 * last), so the element's textContent is exactly the code: Copy and Insert read it back.
 */
export function codeBlock(code: string, lang: string, path?: string): MdElement {
  const lines = highlightLines(code, lang);
  const codeChildren = lines.map((tokens, i) => {
    const spans: MdChild[] = tokens.map((t) => (t.kind === 'plain' ? t.text : el('span', [t.text], { cls: `tok-${t.kind}` })));
    if (i < lines.length - 1) spans.push('\n');
    return el('span', spans, { cls: 'line' });
  });
  const target = path ? ` to ${path}` : '';
  const header = el('div', [
    el('span', [lang || 'text'], { cls: 'code-lang' }),
    el('button', ['Copy'], { cls: 'code-action', action: 'copy', label: 'Copy code' }),
    el('button', ['Insert'], { cls: 'code-action', action: 'insert', label: 'Insert code at cursor' }),
    el('button', ['Apply'], { cls: 'code-action', action: 'apply', label: `Apply code${target}` }),
  ], { cls: 'code-header' });
  return el('div', [header, el('pre', [el('code', codeChildren)])], {
    cls: 'code-block',
    ...(lang ? { lang } : {}),
    ...(path ? { path } : {}),
  });
}
