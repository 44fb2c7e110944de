import { safeExternalUrl } from '../../../src/chat/linkPolicy';
import { el, type MdChild, type MdElement } from './mdNode';

/**
 * Inline Markdown: code spans, emphasis, strong, strike-through, links, autolinks, escapes and
 * hard breaks. Anything else, raw HTML included, stays literal text. An opener without its
 * closer (common mid-stream) is shown as typed until the closer arrives.
 */
export function parseInline(text: string): MdChild[] {
  return new InlineParser(text).parse(0, text.length, true);
}

const PUNCT = /[!-/:-@[-`{-~]/;
const BARE_URL = /^https?:\/\/[^\s<>"'`]+/;
const WORD = /[\p{L}\p{N}]/u;
const MAX_LINK_TEXT = 1000;

/** What one position of the source yields: a node, or literal text; parsing goes on at `end`. */
type Step = { node: MdElement; trimSpaces?: boolean; text?: undefined; end: number } | { node?: undefined; text: string; end: number };

function trimTrailingSpaces(text: string): string {
  let e = text.length;
  while (e > 0 && text.charCodeAt(e - 1) === 32) e--;
  return text.slice(0, e);
}

class InlineParser {
  /**
   * Delimiter (and parse range end) -> a position from which no closer exists. Later openers of
   * the same kind then fail at once, which keeps long unclosed text linear, not quadratic.
   */
  private readonly noCloserAfter = new Map<string, number>();
  private brackets: Int32Array | undefined;

  constructor(private readonly src: string) {}

  parse(from: number, to: number, links: boolean): MdChild[] {
    const out: MdChild[] = [];
    let text = '';
    let i = from;
    while (i < to) {
      const step = this.escapeOrBreak(i, from, to) ?? this.delimited(i, to, links) ?? (links ? this.linkAt(i, from, to) : undefined) ?? { text: this.src[i]!, end: i + 1 };
      if (step.node) {
        if (step.trimSpaces) text = trimTrailingSpaces(text);
        if (text !== '') out.push(text);
        text = '';
        out.push(step.node);
      } else text += step.text;
      i = step.end;
    }
    if (text !== '') out.push(text);
    return out;
  }

  /** A backslash escape, or a line break (hard when two spaces or a backslash precede it). */
  private escapeOrBreak(i: number, from: number, to: number): Step | undefined {
    const s = this.src;
    const ch = s[i]!;
    if (ch === '\\' && i + 1 < to && PUNCT.test(s[i + 1]!)) return { text: s[i + 1]!, end: i + 2 };
    if (ch === '\\' && s[i + 1] === '\n') return { node: el('br'), end: i + 2 };
    if (ch !== '\n') return undefined;
    // Two spaces before a line break make a hard break (checked in the source: no scan of `text`).
    if (i >= from + 2 && s[i - 1] === ' ' && s[i - 2] === ' ') return { node: el('br'), trimSpaces: true, end: i + 1 };
    return { text: '\n', end: i + 1 };
  }

  /** A code span or emphasis; its delimiter run as typed when it has no closer. */
  private delimited(i: number, to: number, links: boolean): Step | undefined {
    const s = this.src;
    const ch = s[i]!;
    if (ch !== '`' && ch !== '*' && ch !== '_' && ch !== '~') return undefined;
    const found = ch === '`' ? this.codeSpan(i, to) : this.emphasis(i, to, links);
    if (found) return found;
    const run = runLength(s, i, ch);
    return { text: s.slice(i, i + run), end: i + run };
  }

  /** A link or image, an autolink (`<scheme:…>`), or a bare http(s) URL at a word start. */
  private linkAt(i: number, from: number, to: number): Step | undefined {
    const s = this.src;
    const ch = s[i]!;
    if (ch === '[' || (ch === '!' && s[i + 1] === '[')) return this.link(i, to);
    if (ch === '<') {
      const auto = /^<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*)>/.exec(s.slice(i, Math.min(to, i + 2048)));
      const href = auto && safeExternalUrl(auto[1]!);
      return auto && href ? { node: el('a', [auto[1]!], { href }), end: i + auto[0].length } : undefined;
    }
    if (ch === 'h' && (i === from || !WORD.test(s[i - 1]!))) {
      const bare = BARE_URL.exec(s.slice(i, Math.min(to, i + 2048)));
      if (!bare) return undefined;
      const url = bare[0].replace(/[.,;:!?)\]*_~]+$/, '');
      const href = safeExternalUrl(url);
      return href ? { node: el('a', [url], { href }), end: i + url.length } : undefined;
    }
    return undefined;
  }

  private codeSpan(i: number, to: number): { node: MdElement; end: number } | undefined {
    const s = this.src;
    const run = runLength(s, i, '`');
    const key = `\`${run}@${to}`;
    if ((this.noCloserAfter.get(key) ?? Infinity) <= i) return undefined;
    for (let j = i + run; j < to; ) {
      const k = s.indexOf('`', j);
      if (k < 0 || k >= to) break;
      const close = runLength(s, k, '`');
      if (close === run) {
        let code = s.slice(i + run, k).replace(/\n/g, ' ');
        if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1);
        return { node: el('code', [code]), end: k + close };
      }
      j = k + close;
    }
    this.noCloserAfter.set(key, i);
    return undefined;
  }

  private emphasis(i: number, to: number, links: boolean): { node: MdElement; end: number } | undefined {
    const s = this.src;
    const ch = s[i]!;
    const run = runLength(s, i, ch);
    if (ch === '~' && run !== 2) return undefined;
    if (run > 3) return undefined;
    const after = s[i + run];
    if (after === undefined || /\s/.test(after)) return undefined;
    // snake_case and 2*3*4 are not emphasis.
    if (ch === '_' && i > 0 && WORD.test(s[i - 1]!)) return undefined;
    const key = `${ch}${run}@${to}`;
    if ((this.noCloserAfter.get(key) ?? Infinity) <= i) return undefined;
    const end = this.findCloser(i + run, to, ch, run);
    if (end < 0) {
      this.noCloserAfter.set(key, i);
      return undefined;
    }
    const inner = this.parse(i + run, end, links);
    const node =
      ch === '~' ? el('del', inner)
      : run === 1 ? el('em', inner)
      : run === 2 ? el('strong', inner)
      : el('strong', [el('em', inner)]);
    return { node, end: end + run };
  }

  /** Start of the closing run: same character, same length, not after whitespace. */
  private findCloser(from: number, to: number, ch: string, run: number): number {
    const s = this.src;
    for (let j = from; j < to; ) {
      const c = s[j]!;
      if (c === '\\') {
        j += 2;
        continue;
      }
      if (c === '`') {
        const span = this.codeSpan(j, to);
        j = span ? span.end : j + runLength(s, j, '`');
        continue;
      }
      if (c === ch) {
        const len = runLength(s, j, ch);
        const before = s[j - 1]!;
        const next = s[j + len];
        const rightFlanking = !/\s/.test(before);
        const intraword = ch === '_' && next !== undefined && WORD.test(next);
        if (len === run && rightFlanking && !intraword && j > from) return j;
        j += len;
        continue;
      }
      j++;
    }
    return -1;
  }

  private link(i: number, to: number): { node: MdElement; end: number } | undefined {
    const s = this.src;
    const image = s[i] === '!';
    const open = image ? i + 1 : i;
    const close = this.matchingBracket(open, to);
    if (close < 0 || s[close + 1] !== '(') return undefined;
    const dest = /^\(\s*(<[^<>\n]*>|[^\s()]+(?:\([^\s()]*\)[^\s()]*)*)(?:\s+("[^"]*"|'[^']*'))?\s*\)/.exec(s.slice(close + 1, Math.min(to, close + 4096)));
    if (!dest) return undefined;
    const url = dest[1]!.replace(/^<|>$/g, '');
    const title = dest[2]?.slice(1, -1);
    const label = this.parse(open + 1, close, false);
    // Images are never loaded (the CSP forbids remote images): they become links to the image.
    const children = label.length > 0 ? label : [image ? 'image' : url];
    const end = close + 1 + dest[0].length;
    const href = safeExternalUrl(url);
    // A link we will not open keeps its text, and shows the refused target only as a tooltip.
    const node = href
      ? el('a', children, { href, ...(title ? { title } : {}) })
      : el('span', children, { cls: 'link-refused', title: `Link not opened: ${url}` });
    return { node, end };
  }

  /**
   * The `]` matching the `[` at `open`, from one stack pass over the whole text (computed on
   * first use), so nested or unbalanced brackets cost linear time. Link text is short: a match
   * further than MAX_LINK_TEXT away does not make a link.
   */
  private matchingBracket(open: number, to: number): number {
    this.brackets ??= matchBrackets(this.src);
    const close = this.brackets[open] ?? -1;
    return close > open && close < to && close - open <= MAX_LINK_TEXT ? close : -1;
  }
}

function matchBrackets(s: string): Int32Array {
  const match = new Int32Array(s.length).fill(-1);
  const stack: number[] = [];
  for (let j = 0; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c === 92 /* \\ */) j++;
    else if (c === 91 /* [ */) stack.push(j);
    else if (c === 93 /* ] */ && stack.length > 0) match[stack.pop()!] = j;
  }
  return match;
}

function runLength(s: string, i: number, ch: string): number {
  let j = i;
  while (s[j] === ch) j++;
  return j - i;
}
