import { parseBlocks, type Block } from './blocks';
import type { Highlighter } from './highlighter';
import { parseInline } from './inline';
import { el, type MdChild, type MdElement } from './mdNode';

const MAX_DEPTH = 8;
const TASK = /^\[([ xX])\][ \t]+/;

/** Markdown text to the renderer's safe tree, one element per top-level block. */
export function markdownToTree(src: string, highlighter: Highlighter): MdElement[] {
  return parseBlocks(src, { final: true }).map((b) => blockToTree(b, 0, true, highlighter));
}

/** Characters of code `blockToTree` highlights for this block (the costly part of building it). */
export function highlightCost(block: Block, settled: boolean): number {
  if (block.kind !== 'code' || !(settled || block.closed || block.full) || !block.lang) return 0;
  const segment = block.resume?.kind === 'code' ? (block.resume.segment ?? 1) : 0;
  return segment < HIGHLIGHTED_SEGMENTS ? block.code.length : 0;
}

/**
 * `settled`: the text is complete. A code segment is highlighted once it can no longer grow
 * (closed, full, or the answer ended): while it streams it stays plain, so a frame never
 * re-highlights a growing block. Without a `highlighter` it is built plain in any case (its
 * highlighting is deferred).
 */
export function blockToTree(block: Block, depth: number, settled: boolean, highlighter: Highlighter | undefined): MdElement {
  switch (block.kind) {
    case 'paragraph':
      // A later segment of a long paragraph reads on from the one before it.
      return el('p', parseInline(block.text), block.resume ? { cls: 'p-cont' } : {});
    case 'heading':
      return el(`h${block.level}` as 'h1', parseInline(block.text));
    case 'hr':
      return el('hr');
    case 'code':
    {
      const hl = settled || block.closed || block.full ? highlighter : undefined;
      return block.resume?.kind === 'code'
        ? codeContinuation(block.code, block.lang, block.resume.segment ?? 1, hl, block.resume.midLine === true)
        : codeBlock(block.code, block.lang, block.path, hl);
    }
    case 'table':
      return table(block);
    case 'quote':
      return el('blockquote', nested(block.text, depth, highlighter));
    case 'list': {
      const items = block.items.map((item) => el('li', listItem(item, depth, highlighter)));
      return block.ordered && block.startNumber !== 1 ? el('ol', items, { start: block.startNumber }) : el(block.ordered ? 'ol' : 'ul', items);
    }
  }
}

/** A tight item (one paragraph) keeps its text directly in the <li>; "[ ]" / "[x]" make a task. */
function listItem(text: string, depth: number, highlighter: Highlighter | undefined): MdChild[] {
  if (depth >= MAX_DEPTH) return [text];
  const task = TASK.exec(text);
  if (task) {
    const done = task[1] !== ' ';
    const box = el('span', [done ? '\u2611' : '\u2610'], { cls: done ? 'task task-done' : 'task', label: done ? 'done' : 'not done' });
    return [box, ' ', ...listItem(text.slice(task[0].length), depth, highlighter)];
  }
  const blocks = parseBlocks(text, { final: true });
  if (blocks.length === 1 && blocks[0]!.kind === 'paragraph') return parseInline(blocks[0]!.text);
  return blocks.map((b) => blockToTree(b, depth + 1, true, highlighter));
}

/** Nesting is capped so a hostile "> > > > …" line cannot exhaust the stack. */
function nested(text: string, depth: number, highlighter: Highlighter | undefined): MdChild[] {
  if (depth >= MAX_DEPTH) return [el('p', [text])];
  return parseBlocks(text, { final: true }).map((b) => blockToTree(b, depth + 1, true, highlighter));
}

/**
 * A code block with its toolbar. Each source line is one `span.line` ending in "\n" (but the
 * last), so the element's textContent is exactly the code: Copy and Insert read it back.
 */
function codeBlock(code: string, lang: string, path: string | undefined, highlighter: Highlighter | undefined): MdElement {
  const codeChildren = codeLines(code, lang, highlighter);
  const target = path ? ` to ${path}` : '';
  const header = el('div', [
    el('span', [lang || 'text'], { cls: 'code-lang' }),
    el('button', ['Copy'], { cls: 'code-action', action: 'copy', label: 'Copy code' }),
    el('button', ['Insert'], { cls: 'code-action', action: 'insert', label: 'Insert code at cursor' }),
    el('button', [path ? `Apply to ${basename(path)}` : 'Apply'], { cls: 'code-action', action: 'apply', label: `Apply code${target}`, ...(path ? { title: `Apply to ${path}` } : {}) }),
  ], { cls: 'code-header' });
  return el('div', [header, el('pre', [el('code', codeChildren)])], {
    cls: 'code-block',
    ...(lang ? { lang } : {}),
    ...(path ? { path } : {}),
  });
}

/** Segments of one code block that are highlighted; a longer block's rest stays plain text. */
const HIGHLIGHTED_SEGMENTS = 8;

/**
 * A later segment of a long code block: its lines only; Copy, Insert and Apply join them.
 * `midLine`: it starts inside the line the segment before it ended in.
 */
function codeContinuation(code: string, lang: string, segment: number, highlighter: Highlighter | undefined, midLine: boolean): MdElement {
  // Plain beyond the first segments: one text node, not an element per line and token.
  const children = segment < HIGHLIGHTED_SEGMENTS ? codeLines(code, lang, highlighter) : [code];
  return el('div', [el('pre', [el('code', children)])], { cls: midLine ? 'code-cont code-midline' : 'code-cont' });
}

/** A code block's content: one text node when plain (no `highlighter`, or nothing to colour), else a `span.line` per line. */
export function codeLines(code: string, lang: string, highlighter: Highlighter | undefined): MdChild[] {
  if (!highlighter || !lang) return [code];
  const lines = highlighter.lines(code, lang);
  if (lines.every((l) => l.every((t) => t.kind === 'plain'))) return [code];
  return lines.map((tokens, i) => {
    const spans: MdChild[] = tokens.map((t) => (t.kind === 'plain' ? t.text : el('span', [t.text], { cls: `tok-${t.kind}` })));
    if (i < lines.length - 1) spans.push('\n');
    return el('span', spans, { cls: 'line' });
  });
}

function basename(path: string): string {
  return path.slice(path.search(/[^\\/]*$/));
}

function table(block: Extract<Block, { kind: 'table' }>): MdElement {
  const cell = (tag: 'th' | 'td', text: string, k: number) => el(tag, parseInline(text), block.aligns[k] ? { cls: `align-${block.aligns[k]}` } : {});
  const rows = block.rows.map((r) => el('tr', r.map((c, k) => cell('td', c, k))));
  const parts = [
    ...(block.header ? [el('thead', [el('tr', block.header.map((c, k) => cell('th', c, k)))])] : []),
    el('tbody', rows),
  ];
  // Wide tables scroll inside their own box instead of widening the chat.
  return el('div', [el('table', parts)], { cls: block.resume ? 'table-wrap table-cont' : 'table-wrap' });
}
