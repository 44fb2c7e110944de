/**
 * Block structure of a Markdown subset: paragraphs, ATX headings, fenced code, rules, block
 * quotes and (nested) lists. Every block decision depends only on whole lines that precede
 * or start the block, so once a later block has started on a complete line, earlier blocks
 * can no longer change: the streaming renderer relies on that to re-render only the tail.
 */
export type Block =
  | { kind: 'paragraph'; start: number; text: string }
  | { kind: 'heading'; start: number; level: number; text: string }
  | { kind: 'code'; start: number; lang: string; path?: string; code: string; closed: boolean }
  | { kind: 'hr'; start: number }
  | { kind: 'quote'; start: number; text: string }
  | { kind: 'list'; start: number; ordered: boolean; startNumber: number; items: string[] };

interface Line {
  text: string;
  start: number;
}

const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(?:([ \t]+)(.*))?$/;

export function parseBlocks(src: string): Block[] {
  const lines = splitLines(src);
  const out: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (isBlank(line.text)) {
      i++;
      continue;
    }
    const start = line.start;
    const fence = FENCE.exec(line.text);
    if (fence && !(fence[2]![0] === '`' && fence[3]!.includes('`'))) {
      i = parseFence(lines, i, fence, out);
      continue;
    }
    const heading = HEADING.exec(line.text);
    if (heading) {
      out.push({ kind: 'heading', start, level: heading[1]!.length, text: heading[2] ?? '' });
      i++;
      continue;
    }
    if (RULE.test(line.text)) {
      out.push({ kind: 'hr', start });
      i++;
      continue;
    }
    if (QUOTE.test(line.text)) {
      const inner: string[] = [];
      for (let m; i < lines.length && (m = QUOTE.exec(lines[i]!.text)); i++) inner.push(m[1]!);
      out.push({ kind: 'quote', start, text: inner.join('\n') });
      continue;
    }
    const item = LIST_ITEM.exec(line.text);
    if (item) {
      i = parseList(lines, i, item, out);
      continue;
    }
    const para: string[] = [];
    for (; i < lines.length && !isBlank(lines[i]!.text) && (para.length === 0 || !interruptsParagraph(lines[i]!.text)); i++) {
      para.push(lines[i]!.text.replace(/^[ \t]+/, ''));
    }
    out.push({ kind: 'paragraph', start, text: para.join('\n') });
  }
  return out;
}

function parseFence(lines: Line[], i: number, fence: RegExpExecArray, out: Block[]): number {
  const indent = fence[1]!.length;
  const marker = fence[2]!;
  const [lang = '', path] = fence[3]!.trim().split(/\s+/);
  const closing = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
  const code: string[] = [];
  let j = i + 1;
  let closed = false;
  for (; j < lines.length; j++) {
    const text = lines[j]!.text;
    if (closing.test(text)) {
      closed = true;
      j++;
      break;
    }
    code.push(stripIndent(text, indent));
  }
  out.push({ kind: 'code', start: lines[i]!.start, lang, ...(path ? { path } : {}), code: code.join('\n'), closed });
  return j;
}

function parseList(lines: Line[], i: number, first: RegExpExecArray, out: Block[]): number {
  const ordered = /\d/.test(first[2]!);
  const kind = listKind(first[2]!);
  const items: string[] = [];
  let current: string[] = [];
  let markerIndent = first[1]!.length;
  let contentIndent = itemIndent(first);
  current.push(first[4] ?? '');
  let blanks = 0;
  let j = i + 1;
  for (; j < lines.length; j++) {
    const text = lines[j]!.text;
    if (isBlank(text)) {
      blanks++;
      continue;
    }
    const indent = leadingSpaces(text);
    const next = LIST_ITEM.exec(text);
    // A differently marked item indented past this item's marker is nested in it, even when
    // short of the content column ("1. a" then "  - b").
    const nested = next !== null && listKind(next[2]!) !== kind && indent > markerIndent;
    if (indent >= contentIndent || nested) {
      for (; blanks > 0; blanks--) current.push('');
      current.push(stripIndent(text, Math.min(indent, contentIndent)));
    } else if (next && listKind(next[2]!) === kind) {
      items.push(current.join('\n'));
      current = [next[4] ?? ''];
      markerIndent = next[1]!.length;
      contentIndent = itemIndent(next);
      blanks = 0;
    } else if (blanks === 0 && !interruptsParagraph(text)) {
      current.push(text.trimStart()); // lazy continuation of the item's paragraph
    } else {
      break;
    }
  }
  items.push(current.join('\n'));
  out.push({ kind: 'list', start: lines[i]!.start, ordered, startNumber: ordered ? parseInt(first[2]!, 10) : 1, items });
  return j;
}

/** Lines that end a paragraph without a blank line before them. */
function interruptsParagraph(text: string): boolean {
  if (FENCE.test(text) || HEADING.test(text) || RULE.test(text) || QUOTE.test(text)) return true;
  const item = LIST_ITEM.exec(text);
  // As in CommonMark: an empty item or an ordered list not starting at 1 does not interrupt.
  return item !== null && item[4] !== undefined && item[4].trim() !== '' && (!/\d/.test(item[2]!) || /^1[.)]$/.test(item[2]!));
}

function listKind(marker: string): string {
  return /\d/.test(marker) ? marker.slice(-1) : marker;
}

function itemIndent(m: RegExpExecArray): number {
  const spaces = m[3]?.length ?? 1;
  return m[1]!.length + m[2]!.length + (spaces > 4 || m[4] === undefined ? 1 : spaces);
}

function leadingSpaces(text: string): number {
  let n = 0;
  for (const ch of text) {
    if (ch === ' ') n++;
    else if (ch === '\t') n += 4 - (n % 4);
    else break;
  }
  return n;
}

function stripIndent(text: string, n: number): string {
  let i = 0;
  let col = 0;
  while (i < text.length && col < n && (text[i] === ' ' || text[i] === '\t')) {
    col += text[i] === '\t' ? 4 - (col % 4) : 1;
    i++;
  }
  return text.slice(i);
}

function isBlank(text: string): boolean {
  return text.trim() === '';
}

function splitLines(src: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  while (start <= src.length) {
    const nl = src.indexOf('\n', start);
    const end = nl < 0 ? src.length : nl;
    out.push({ text: src.slice(start, end).replace(/\r$/, ''), start });
    if (nl < 0) break;
    start = nl + 1;
  }
  return out;
}
