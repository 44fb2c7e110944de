/**
 * Block structure of a Markdown subset: paragraphs, ATX headings, fenced code, rules, block
 * quotes, (nested) lists and GitHub tables. Every block decision depends only on whole lines
 * that precede or start the block (a table also on its complete delimiter row), so once a
 * later block has started on a complete line, earlier blocks can no longer change: the
 * streaming renderer relies on that to re-render only the tail.
 *
 * Long paragraphs, code blocks and tables are cut into segments of bounded size, so no single
 * block costs more than a few milliseconds to parse, highlight or lay out, whatever the model
 * sends. A segment after the first carries `resume`, the state a parse starting at it needs.
 */
export type Block =
  | { kind: 'paragraph'; start: number; text: string; resume?: Resume; midLine?: true }
  | { kind: 'heading'; start: number; level: number; text: string }
  | { kind: 'code'; start: number; lang: string; path?: string; code: string; closed: boolean; resume?: Resume; full?: true }
  | { kind: 'hr'; start: number }
  | { kind: 'quote'; start: number; text: string }
  | { kind: 'list'; start: number; ordered: boolean; startNumber: number; items: string[] }
  | { kind: 'table'; start: number; aligns: Align[]; header?: string[]; rows: string[][]; resume?: Resume };

export type Align = 'left' | 'center' | 'right' | '';

/** Where a segment continues the block before it. */
export type Resume =
  | { kind: 'paragraph' }
  /** `midLine`: the segment starts inside a line the one before it cut. */
  | { kind: 'code'; marker: string; indent: number; lang: string; path?: string; segment?: number; midLine?: true }
  | { kind: 'table'; aligns: Align[] };

interface Line {
  text: string;
  start: number;
}

interface Next {
  resume: Resume | undefined;
  /** The next segment starts inside a line that was cut. */
  midLine: boolean;
}

export interface ParseOptions {
  /** The state at the start of `src` when it begins inside a segmented block. */
  resume?: Resume;
  /** The text is complete: its last line counts as a whole line (a table's delimiter row). */
  final?: boolean;
}

/** Segment bounds: each keeps a block's parse, highlighting and layout to a few milliseconds. */
export const MAX_PARAGRAPH_LINES = 120;
export const MAX_PARAGRAPH_CHARS = 6_000;
export const MAX_CODE_LINES = 50;
export const MAX_CODE_CHARS = 3_000;
export const MAX_TABLE_ROWS = 100;
/** Longer lines are never a table's header or delimiter row. */
const MAX_TABLE_LINE = 4_000;
/** How far back from a paragraph segment's size limit a cut looks for a space. */
const CUT_SLACK = 200;

const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const HEADING_OPEN = /^ {0,3}(#{1,6})(?:[ \t]|$)/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(?:([ \t]+)(.*))?$/;
const DELIMITER_CELL = /^:?-+:?$/;

export function parseBlocks(src: string, options: ParseOptions = {}): Block[] {
  const lines = splitLines(src);
  const complete = options.final === true || src.endsWith('\n');
  const out: Block[] = [];
  // Set by a segment that stopped at its size bound: the next segment continues its block.
  const next: Next = { resume: options.resume, midLine: false };
  let i = 0;
  while (i < lines.length) {
    if (next.resume) {
      const r = next.resume;
      next.resume = undefined;
      if (r.kind === 'paragraph') i = parseParagraph(lines, i, out, complete, next, true);
      else if (r.kind === 'code') i = parseCode(lines, i, r, out, next, true);
      else i = parseTableRows(lines, i, r.aligns, undefined, out, next, lines[i]!.start, true);
      continue;
    }
    const line = lines[i]!;
    if (isBlank(line.text)) {
      i++;
      continue;
    }
    const start = line.start;
    const fence = FENCE.exec(line.text);
    if (fence && !(fence[2]![0] === '`' && fence[3]!.includes('`'))) {
      const [lang = '', path] = fence[3]!.trim().split(/\s+/);
      i = parseCode(lines, i + 1, { kind: 'code', marker: fence[2]!, indent: fence[1]!.length, lang, ...(path ? { path } : {}) }, out, next, false, start);
      continue;
    }
    const heading = parseHeading(line.text);
    if (heading) {
      out.push({ kind: 'heading', start, ...heading });
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
    const aligns = tableStart(lines, i, complete);
    if (aligns) {
      i = parseTableRows(lines, i + 2, aligns, splitRow(line.text), out, next, start, false);
      continue;
    }
    const item = LIST_ITEM.exec(line.text);
    if (item) {
      i = parseList(lines, i, item, out);
      continue;
    }
    i = parseParagraph(lines, i, out, complete, next, false);
  }
  return out;
}

/**
 * One paragraph segment from line `i`. A line longer than a whole segment is cut (at a space
 * where there is one); the rest of it starts the next segment, which is then `midLine`.
 */
function parseParagraph(lines: Line[], i: number, out: Block[], complete: boolean, next: Next, continued: boolean): number {
  const start = lines[i]!.start;
  const midLine = next.midLine;
  next.midLine = false;
  const para: string[] = [];
  let chars = 0;
  for (; i < lines.length; i++) {
    const raw = lines[i]!.text;
    if (isBlank(raw)) break;
    if (para.length > 0 && interruptsParagraph(lines, i, complete)) break;
    const text = para.length === 0 && continued ? raw : raw.replace(/^[ \t]+/, '');
    if (para.length >= MAX_PARAGRAPH_LINES || (para.length > 0 && chars + text.length > MAX_PARAGRAPH_CHARS)) {
      next.resume = { kind: 'paragraph' };
      break; // the next segment starts on a whole line
    }
    if (text.length > MAX_PARAGRAPH_CHARS) {
      const cut = cutPoint(text, MAX_PARAGRAPH_CHARS);
      para.push(text.slice(0, cut));
      lines[i] = { text: text.slice(cut), start: lines[i]!.start + raw.length - text.length + cut };
      next.resume = { kind: 'paragraph' };
      next.midLine = true;
      break;
    }
    para.push(text);
    chars += text.length + 1;
  }
  out.push({
    kind: 'paragraph',
    start,
    text: para.join('\n'),
    ...(continued ? { resume: { kind: 'paragraph' } as const } : {}),
    ...(midLine ? { midLine: true as const } : {}),
  });
  return i;
}

/** `limit`, or one less so as not to split a surrogate pair. */
function cutAtChars(text: string, limit: number): number {
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

/** Where to cut a long line: after the last space before `limit`, or at `limit`. */
function cutPoint(text: string, limit: number): number {
  const space = text.lastIndexOf(' ', limit - 1);
  let cut = space >= limit - CUT_SLACK ? space + 1 : limit;
  // Never between the two halves of a surrogate pair.
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut--;
  return cut;
}

/** ATX heading, read without a backtracking pattern: a line of spaces costs linear time. */
function parseHeading(text: string): { level: number; text: string } | undefined {
  const open = HEADING_OPEN.exec(text);
  if (!open) return undefined;
  let body = text.slice(open[0].length).trim();
  // An optional closing run of #, after a space (or alone).
  let j = body.length;
  while (j > 0 && body[j - 1] === '#') j--;
  if (j < body.length && (j === 0 || body[j - 1] === ' ' || body[j - 1] === '\t')) body = body.slice(0, j).trimEnd();
  return { level: open[1]!.length, text: body };
}

/**
 * Fenced code from line `i` (after the opening fence, or a segment's first line). A line longer
 * than a whole segment is cut at the segment's size; the rest of it starts the next segment,
 * which is then `midLine` (one line of 200 KB laid out at once took a frame of hundreds of ms).
 */
function parseCode(lines: Line[], i: number, fence: Extract<Resume, { kind: 'code' }>, out: Block[], next: Next, continued: boolean, start = lines[i]?.start ?? 0): number {
  const midLine = continued && fence.midLine === true;
  let cutLine = false;
  const closing = new RegExp(`^ {0,3}${fence.marker[0] === '`' ? '`' : '~'}{${fence.marker.length},}[ \\t]*$`);
  const code: string[] = [];
  let chars = 0;
  let j = i;
  let closed = false;
  let segmentEnd = false;
  for (; j < lines.length; j++) {
    const text = lines[j]!.text;
    if (closing.test(text)) {
      closed = true;
      j++;
      break;
    }
    if (code.length >= MAX_CODE_LINES || (code.length > 0 && chars + text.length > MAX_CODE_CHARS)) {
      segmentEnd = true;
      break;
    }
    // A continued line keeps its indentation: it is the middle of a line.
    const line = j === i && midLine ? text : stripIndent(text, fence.indent);
    if (line.length > MAX_CODE_CHARS) {
      const cut = cutAtChars(line, MAX_CODE_CHARS);
      code.push(line.slice(0, cut));
      lines[j] = { text: line.slice(cut), start: lines[j]!.start + text.length - line.length + cut };
      cutLine = true;
      segmentEnd = true;
      break;
    }
    code.push(line);
    chars += text.length + 1;
  }
  const { lang, path } = fence;
  const { midLine: _, ...resume } = fence;
  out.push({
    kind: 'code',
    start: continued ? lines[i]!.start : start,
    lang,
    ...(path ? { path } : {}),
    code: code.join('\n'),
    closed,
    ...(continued ? { resume: fence } : {}),
    ...(segmentEnd ? { full: true as const } : {}),
  });
  if (segmentEnd) next.resume = { ...resume, segment: (fence.segment ?? 0) + 1, ...(cutLine ? { midLine: true as const } : {}) };
  return j;
}

/** A table starts at a row followed by a complete delimiter row with as many cells. */
function tableStart(lines: Line[], i: number, complete: boolean): Align[] | undefined {
  const header = lines[i]!.text;
  const next = lines[i + 1];
  if (!next || !header.includes('|') || header.length > MAX_TABLE_LINE || next.text.length > MAX_TABLE_LINE) return undefined;
  if (i + 1 === lines.length - 1 && !complete) return undefined;
  if (leadingSpaces(header) > 3 || leadingSpaces(next.text) > 3) return undefined;
  const cells = splitRow(next.text);
  if (!next.text.includes('-') || cells.length === 0 || !cells.every((c) => DELIMITER_CELL.test(c))) return undefined;
  if (!next.text.includes('|') && cells.length === 1) return undefined;
  if (splitRow(header).length !== cells.length) return undefined;
  return cells.map((c) => (c.startsWith(':') && c.endsWith(':') ? 'center' : c.endsWith(':') ? 'right' : c.startsWith(':') ? 'left' : ''));
}

function parseTableRows(lines: Line[], i: number, aligns: Align[], header: string[] | undefined, out: Block[], next: Next, start: number, continued: boolean): number {
  const rows: string[][] = [];
  let j = i;
  for (; j < lines.length; j++) {
    const text = lines[j]!.text;
    if (isBlank(text) || FENCE.test(text) || HEADING_OPEN.test(text) || RULE.test(text) || QUOTE.test(text)) break;
    if (rows.length >= MAX_TABLE_ROWS) {
      next.resume = { kind: 'table', aligns };
      break;
    }
    const cells = splitRow(text);
    rows.push(aligns.map((_, k) => cells[k] ?? ''));
  }
  out.push({ kind: 'table', start, aligns, ...(header ? { header: aligns.map((_, k) => header[k] ?? '') } : {}), rows, ...(continued ? { resume: { kind: 'table', aligns } as const } : {}) });
  return j;
}

/** A table row's cells: outer pipes dropped, `\|` kept as a pipe inside a cell. */
function splitRow(text: string): string[] {
  let s = text.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  for (let k = 0; k < s.length; k++) {
    const c = s[k]!;
    if (c === '\\' && s[k + 1] === '|') {
      cell += '|';
      k++;
    } else if (c === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
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
    } else if (blanks === 0 && !interruptsParagraph(lines, j, true)) {
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
function interruptsParagraph(lines: Line[], i: number, complete: boolean): boolean {
  const text = lines[i]!.text;
  // Most lines start with a word: nothing below can match them (tables need a pipe).
  if (/^ {0,3}[\p{L}]/u.test(text) && !text.includes('|')) return false;
  if (FENCE.test(text) || HEADING_OPEN.test(text) || RULE.test(text) || QUOTE.test(text)) return true;
  if (tableStart(lines, i, complete)) return true;
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
