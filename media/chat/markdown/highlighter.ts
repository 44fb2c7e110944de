import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { leanJava as java } from './leanJava';

/**
 * Code block highlighting with highlight.js (core, with the languages models write most).
 * Its output is read back into tokens of a closed set of kinds: the renderer never inserts
 * markup, so highlighting cannot bring model text into the DOM as anything but text.
 */
export type TokenKind =
  | 'plain' | 'keyword' | 'string' | 'comment' | 'number' | 'type' | 'literal'
  | 'title' | 'attr' | 'meta' | 'tag' | 'addition' | 'deletion' | 'section';
export interface Token {
  kind: TokenKind;
  text: string;
}

/** Bigger blocks (or segments of blocks) stay plain: highlighting must stay a few ms a frame. */
const MAX_HIGHLIGHT_CHARS = 20_000;
const MAX_HIGHLIGHT_LINE = 2_000;

/** In the order they are warmed: the languages answers hold most often first. */
const LANGUAGES = { typescript, javascript, python, bash, shell, json, go, rust, java, css, xml, yaml, sql, c, cpp, csharp, kotlin, php, ruby, swift, diff, ini, markdown };
const ALIASES: Record<string, string> = { toml: 'ini', jsonc: 'json', zsh: 'bash', console: 'shell', mjs: 'javascript', cjs: 'javascript', vue: 'xml', svg: 'xml', scss: 'css', less: 'css', h: 'c', hpp: 'cpp' };

const SCOPES: Record<string, TokenKind> = {
  keyword: 'keyword', built_in: 'keyword', 'selector-tag': 'tag',
  type: 'type', class: 'type',
  literal: 'literal', symbol: 'literal',
  number: 'number',
  string: 'string', regexp: 'string', subst: 'plain', char: 'string',
  comment: 'comment', doctag: 'comment', quote: 'comment',
  title: 'title', function: 'title',
  attr: 'attr', attribute: 'attr', property: 'attr', variable: 'attr', 'template-variable': 'attr', params: 'plain',
  meta: 'meta', 'selector-class': 'attr', 'selector-id': 'attr', 'selector-pseudo': 'attr',
  tag: 'tag', name: 'tag',
  addition: 'addition', deletion: 'deletion',
  section: 'section', bullet: 'section', emphasis: 'plain', strong: 'plain', link: 'string',
};

/**
 * Idle time, ms, a grammar is compiled in (compiling one takes 5–55 ms in the page here). An
 * idle period ends where the next frame is due, so one longer than a frame interval (16.7 ms at
 * 60 Hz) means no frame is due: not while an answer streams. The browser gives at most 50 ms,
 * less when the machine is busy, so the bar stays well under that.
 */
const COMPILE_IDLE_MS = 20;
/** Past this long without one, any idle period compiles: a page that never rests still gets colour. */
const STARVED_MS = 3_000;

/** What an idle callback is given (IdleDeadline in the page). */
export interface IdleTime {
  timeRemaining(): number;
}

/**
 * The page's highlighter: one highlight.js instance with its languages registered, and which
 * grammars it has compiled (highlight.js compiles one on its first use, 5–55 ms). The page makes
 * one and passes it to everything that renders code, so they share what is compiled.
 */
export class Highlighter {
  private readonly hl = hljs.newInstance();
  /** Languages whose grammar has been compiled. */
  private readonly warm = new Set<string>();
  private lastCompileAt: number;

  constructor(private readonly now: () => number = () => performance.now()) {
    for (const [name, language] of Object.entries(LANGUAGES)) this.hl.registerLanguage(name, language);
    this.lastCompileAt = now();
  }

  /** Whether this idle period may compile a grammar (see COMPILE_IDLE_MS and STARVED_MS). */
  mayCompileIn(idle: IdleTime): boolean {
    return idle.timeRemaining() >= COMPILE_IDLE_MS || this.now() - this.lastCompileAt >= STARVED_MS;
  }

  /**
   * Compiles every language's grammar ahead of use, one per long idle period, so that the first
   * code block of a language does not pay for it inside a frame. Calls `done` when all are ready.
   */
  warmUp(whenIdle: (callback: (idle: IdleTime) => void) => void, done: () => void): void {
    const pending = Object.keys(LANGUAGES);
    const next = (idle: IdleTime) => {
      if (this.mayCompileIn(idle)) {
        const language = pending.shift();
        if (language === undefined) return done();
        if (!this.warm.has(language)) this.hl.highlight('x', { language, ignoreIllegals: true });
        this.markCompiled(language);
      }
      whenIdle(next);
    };
    whenIdle(next);
  }

  /**
   * False while `lang`'s grammar waits to be compiled, a cost of 5–30 ms (more on a busy machine)
   * that a frame should not pay: code in it is then built plain and highlighted in idle time.
   */
  isWarm(lang: string): boolean {
    const language = this.languageOf(lang);
    return language === undefined || this.warm.has(language);
  }

  /** `code` as lines of tokens; plain for an unknown language, a huge block or a very long line. */
  lines(code: string, lang: string): Token[][] {
    const language = this.languageOf(lang);
    if (!language || code.length > MAX_HIGHLIGHT_CHARS || hasLongLine(code)) return plainLines(code);
    let html: string;
    try {
      this.markCompiled(language);
      html = this.hl.highlight(code, { language, ignoreIllegals: true }).value;
    } catch {
      return plainLines(code);
    }
    return toLines(html);
  }

  private markCompiled(language: string): void {
    if (this.warm.has(language)) return;
    this.warm.add(language);
    this.lastCompileAt = this.now();
  }

  private languageOf(lang: string): string | undefined {
    const name = ALIASES[lang.toLowerCase()] ?? lang.toLowerCase();
    return this.hl.getLanguage(name) ? name : undefined;
  }
}

function plainLines(code: string): Token[][] {
  return code.split('\n').map((text) => (text === '' ? [] : [{ kind: 'plain', text }]));
}

function hasLongLine(code: string): boolean {
  for (let start = 0; start < code.length; ) {
    const nl = code.indexOf('\n', start);
    const end = nl < 0 ? code.length : nl;
    if (end - start > MAX_HIGHLIGHT_LINE) return true;
    start = end + 1;
  }
  return false;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };
const MARKUP = /<span class="([^"]*)">|<\/span>|&(?:amp|lt|gt|quot|#x27|#39);|\n/g;

/**
 * highlight.js escapes all code text, so its output has exactly three kinds of markup: its own
 * `<span class="hljs-…">`, `</span>` and entities. Read in one pass into lines of tokens; the
 * innermost scope decides a token's kind.
 */
function toLines(html: string): Token[][] {
  const lines: Token[][] = [[]];
  const scopes: TokenKind[] = [];
  const push = (text: string) => {
    if (text === '') return;
    const kind = scopes.at(-1) ?? 'plain';
    const line = lines[lines.length - 1]!;
    const last = line[line.length - 1];
    if (last && last.kind === kind) last.text += text;
    else line.push({ kind, text });
  };
  let at = 0;
  for (const m of html.matchAll(MARKUP)) {
    push(html.slice(at, m.index));
    at = m.index + m[0].length;
    if (m[1] !== undefined) scopes.push(kindOf(m[1], scopes.at(-1) ?? 'plain'));
    else if (m[0] === '</span>') scopes.pop();
    else if (m[0] === '\n') lines.push([]);
    else push(ENTITIES[m[0]]!);
  }
  push(html.slice(at));
  return lines;
}

function kindOf(classes: string, outer: TokenKind): TokenKind {
  // "hljs-title function_" → title; an unknown scope keeps the enclosing kind.
  const scope = classes.split(' ')[0]!.replace(/^hljs-/, '');
  return SCOPES[scope] ?? SCOPES[scope.split('.')[0]!] ?? outer;
}
