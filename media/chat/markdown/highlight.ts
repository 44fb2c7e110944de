/**
 * A small line-by-line tokenizer for code blocks: keywords, strings, comments and numbers in
 * the common language families. State (an open block comment or multi-line string) carries
 * from one line to the next. Unknown languages come back as plain text.
 */
export type TokenKind = 'plain' | 'keyword' | 'string' | 'comment' | 'number';
export interface Token {
  kind: TokenKind;
  text: string;
}

interface Grammar {
  lineComments: string[];
  blockComment?: [string, string];
  /** Quote sequences, longest first; `multiline` ones may span lines. */
  strings: { open: string; multiline: boolean }[];
  keywords: ReadonlySet<string>;
}

// Sticky: match exactly at lastIndex without slicing the line.
const WORD = /[A-Za-z_$][\w$]*/y;
const NUMBER = /\d[\w.]*/y;

const words = (s: string): ReadonlySet<string> => new Set(s.split(' '));
const C_LIKE = 'if else for while do switch case default break continue return function class interface enum extends implements new this super import export from as const let var try catch finally throw typeof instanceof in of void null undefined true false async await yield static public private protected readonly abstract type namespace struct union fn pub impl trait mut match use mod crate self where loop package func go defer chan map select var val fun when object override lateinit suspend int long short char float double bool boolean string byte unsigned signed sizeof include define template typename virtual using delete';
const SCRIPT = 'if elif else for while in do done then fi case esac function return def class import from as with try except finally raise pass break continue lambda yield global nonlocal and or not is None True False self async await end module require begin rescue ensure unless until local echo export';
const SQL = 'select from where insert into values update set delete create table index view drop alter add join left right inner outer on group by order having limit offset as and or not null is in exists distinct union all primary key foreign references default';

const cGrammar: Grammar = {
  lineComments: ['//'],
  blockComment: ['/*', '*/'],
  strings: [{ open: '`', multiline: true }, { open: '"', multiline: false }, { open: "'", multiline: false }],
  keywords: words(C_LIKE),
};
const scriptGrammar: Grammar = {
  lineComments: ['#'],
  strings: [
    { open: '"""', multiline: true },
    { open: "'''", multiline: true },
    { open: '"', multiline: false },
    { open: "'", multiline: false },
  ],
  keywords: words(SCRIPT),
};
const GRAMMARS: Record<string, Grammar> = {
  c: cGrammar,
  sql: { lineComments: ['--'], blockComment: ['/*', '*/'], strings: [{ open: "'", multiline: false }], keywords: words(SQL) },
  css: { lineComments: [], blockComment: ['/*', '*/'], strings: cGrammar.strings.slice(1), keywords: words('important media import from to') },
  json: { lineComments: [], strings: [{ open: '"', multiline: false }], keywords: words('true false null') },
  markup: { lineComments: [], blockComment: ['<!--', '-->'], strings: cGrammar.strings.slice(1), keywords: words('') },
  script: scriptGrammar,
};
const ALIASES: Record<string, string> = {
  js: 'c', jsx: 'c', ts: 'c', tsx: 'c', javascript: 'c', typescript: 'c', mjs: 'c', cjs: 'c',
  java: 'c', kotlin: 'c', kt: 'c', cpp: 'c', 'c++': 'c', h: 'c', hpp: 'c', cs: 'c', csharp: 'c',
  go: 'c', rust: 'c', rs: 'c', swift: 'c', php: 'c', dart: 'c', scala: 'c',
  py: 'script', python: 'script', rb: 'script', ruby: 'script', sh: 'script', bash: 'script',
  shell: 'script', zsh: 'script', yaml: 'script', yml: 'script', toml: 'script', perl: 'script',
  html: 'markup', xml: 'markup', svg: 'markup', vue: 'markup', scss: 'css', less: 'css', jsonc: 'c',
};

export function highlightLines(code: string, lang: string): Token[][] {
  const key = lang.toLowerCase();
  const grammar = GRAMMARS[key] ?? GRAMMARS[ALIASES[key] ?? ''];
  const lines = code.split('\n');
  if (!grammar) return lines.map((text) => (text === '' ? [] : [{ kind: 'plain', text }]));
  let open: OpenSpan | undefined;
  return lines.map((line) => {
    const tokens: Token[] = [];
    open = tokenizeLine(line, grammar, open, tokens);
    return tokens;
  });
}

interface OpenSpan {
  close: string;
  kind: TokenKind;
}

/** Appends the line's tokens to `out`; returns the comment or string still open at its end. */
function tokenizeLine(line: string, g: Grammar, carried: OpenSpan | undefined, out: Token[]): OpenSpan | undefined {
  let i = 0;
  let open = carried;
  const push = (kind: TokenKind, text: string) => {
    const last = out[out.length - 1];
    if (last && last.kind === kind) last.text += text;
    else if (text !== '') out.push({ kind, text });
  };
  while (i < line.length) {
    if (open) {
      const end = findClose(line, i, open.close, open.kind === 'string');
      if (end < 0) {
        push(open.kind, line.slice(i));
        return open;
      }
      push(open.kind, line.slice(i, end));
      i = end;
      open = undefined;
      continue;
    }
    if (g.lineComments.some((c) => line.startsWith(c, i))) {
      push('comment', line.slice(i));
      return undefined;
    }
    if (g.blockComment && line.startsWith(g.blockComment[0], i)) {
      push('comment', g.blockComment[0]);
      i += g.blockComment[0].length;
      open = { close: g.blockComment[1], kind: 'comment' };
      continue;
    }
    const quote = g.strings.find((q) => line.startsWith(q.open, i));
    if (quote) {
      push('string', quote.open);
      i += quote.open.length;
      const end = findClose(line, i, quote.open, true);
      if (end >= 0) {
        push('string', line.slice(i, end));
        i = end;
      } else {
        push('string', line.slice(i));
        return quote.multiline ? { close: quote.open, kind: 'string' } : undefined;
      }
      continue;
    }
    WORD.lastIndex = i;
    const word = WORD.exec(line);
    if (word) {
      push(g.keywords.has(word[0]) ? 'keyword' : 'plain', word[0]);
      i += word[0].length;
      continue;
    }
    NUMBER.lastIndex = i;
    const num = NUMBER.exec(line);
    if (num) {
      push('number', num[0]);
      i += num[0].length;
      continue;
    }
    push('plain', line[i]!);
    i++;
  }
  return open;
}

/** Index just past `close` from `from`, skipping backslash escapes in strings; -1 if absent. */
function findClose(line: string, from: number, close: string, escapes: boolean): number {
  for (let i = from; i < line.length; i++) {
    if (escapes && line[i] === '\\') {
      i++;
      continue;
    }
    if (line.startsWith(close, i)) return i + close.length;
  }
  return -1;
}
