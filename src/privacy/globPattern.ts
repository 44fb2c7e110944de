import picomatch from 'picomatch';

/**
 * Glob patterns as VS Code's `files.exclude` reads them: paths relative to the workspace folder,
 * `/` separators, `**` for any number of folders, `*` and `?` within one name (dotfiles
 * included), `{a,b}` alternatives (nestable), `[abc]` / `[!abc]` classes; a match on a folder
 * covers everything beneath it. Matching ignores case, so `.ENV` on a case-insensitive disk is
 * caught as well as `.env` (denying too much is the safe error here).
 *
 * Each name is matched by picomatch; folders are walked by a table over (pattern part, path
 * part), and runs of `*` inside one name match without backtracking, so a check costs at most
 * parts × parts name tests whatever the pattern: no pattern can freeze the editor.
 */
export interface CompiledGlob {
  readonly pattern: string;
  /**
   * For a pattern that matches one name in any folder (`**\/*.pem`), that name's expressions:
   * a list can join them into one test per folder name.
   */
  readonly anyFolderNames?: readonly RegExp[];
  /** `path` relative to the workspace folder (absolute paths work for `**`-led patterns). */
  test(path: string): boolean;
}

export class GlobPatternError extends Error {}

/** More alternatives than this from `{…}` is no file pattern anyone means. */
const MAX_ALTERNATIVES = 256;
const MAX_PATTERN_LENGTH = 2_000;

const PICO: picomatch.PicomatchOptions = { dot: true, nocase: true, nobrace: true, noextglob: true, nonegate: true, noglobstar: true };

type Part = '**' | RegExp;

/**
 * Compiles `pattern`. With `anyDepth`, a pattern without `/` matches that name in any folder
 * (`*.pem` is `**\/*.pem`), as deny lists are written. Throws GlobPatternError, naming the
 * pattern and the fix, for an empty or overlong pattern.
 */
export function compileGlob(pattern: string, options: { anyDepth?: boolean } = {}): CompiledGlob {
  let body = normalizePattern(pattern);
  if (body === '') throw new GlobPatternError(`Empty glob pattern ${JSON.stringify(pattern)}: it names no file. Remove it from the list.`);
  if (body.length > MAX_PATTERN_LENGTH) throw new GlobPatternError(`Glob pattern ${JSON.stringify(pattern.slice(0, 40) + '…')} is longer than ${MAX_PATTERN_LENGTH} characters: shorten it.`);
  if (options.anyDepth && !body.includes('/')) body = `**/${body}`;
  const expanded = expandBraces(body);
  const alternatives = expanded.map((alt) => compileParts(alt));
  const names = alternatives.every((parts) => parts.length === 2 && parts[0] === '**' && parts[1] !== '**')
    ? alternatives.map((parts) => parts[1] as RegExp)
    : undefined;
  // A name with no wildcard must appear in the path for the pattern to match: a substring test
  // rules most paths out before the table walk (a snapshot checks thousands of paths).
  const needed = expanded.map((alt) => alt.split('/').filter((n) => LITERAL_ASCII_NAME.test(n)).map((n) => n.toLowerCase()));
  return {
    pattern,
    ...(names ? { anyFolderNames: names } : {}),
    test(path: string): boolean {
      const lower = path.toLowerCase();
      let names: string[] | undefined;
      return alternatives.some((parts, i) => needed[i]!.every((n) => lower.includes(n)) && matchParts(parts, (names ??= splitPath(path))));
    },
  };
}

/**
 * A name matched literally whose case-insensitive matches all contain its lower case: ASCII
 * only (a regular expression's case folding never maps other characters onto ASCII ones).
 */
const LITERAL_ASCII_NAME = /^(?:(?![*?[\]\\])[\x20-\x7e])+$/;

function normalizePattern(pattern: string): string {
  return pattern
    .trim()
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .replace(/^(?:\.\/)+/, '')
    .replace(/^\/+/, '')
    .replace(/\/+$/, '')
    .replace(/^\.$/, '');
}

function splitPath(path: string): string[] {
  return path
    .replace(/\\/g, '/')
    .replace(/^[A-Za-z]:/, '')
    .split('/')
    .filter((n) => n !== '' && n !== '.');
}

/** `a/{b,c/d}` → `a/b`, `a/c/d`. An unclosed `{` is literal text, as in most shells. */
export function expandBraces(pattern: string): string[] {
  let out = [''];
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) {
      out = out.map((o) => o + c + pattern[i + 1]);
      i += 2;
      continue;
    }
    if (c === '{') {
      const group = braceGroup(pattern, i);
      if (group) {
        const options = group.options.flatMap((o) => expandBraces(o));
        const next: string[] = [];
        for (const o of out) for (const opt of options) next.push(o + opt);
        if (next.length > MAX_ALTERNATIVES) throw new GlobPatternError(`Glob pattern ${JSON.stringify(pattern.slice(0, 60))} expands to more than ${MAX_ALTERNATIVES} alternatives: split it.`);
        out = next;
        i = group.end + 1;
        continue;
      }
    }
    out = out.map((o) => o + c);
    i++;
  }
  return out;
}

/** The alternatives of the `{…}` opening at `start` (top-level commas), or undefined when unclosed. */
function braceGroup(p: string, start: number): { options: string[]; end: number } | undefined {
  let depth = 0;
  let from = start + 1;
  const options: string[] = [];
  for (let i = start; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) {
        options.push(p.slice(from, i));
        return { options, end: i };
      }
    } else if (c === ',' && depth === 1) {
      options.push(p.slice(from, i));
      from = i + 1;
    }
  }
  return undefined;
}

function compileParts(pattern: string): Part[] {
  const parts: Part[] = [];
  for (const name of pattern.split('/')) {
    if (name === '**') {
      if (parts.at(-1) !== '**') parts.push('**'); // "**/**" is "**"
    } else {
      parts.push(compileName(name));
    }
  }
  return parts;
}

/** One path name: picomatch's expression, with each `*` but the last made atomic. */
function compileName(name: string): RegExp {
  // VS Code writes a negated class "[!…]"; picomatch reads "[^…]". Parentheses, "|", "+" and
  // "@" are plain characters in VS Code's globs, not groups.
  const glob = name.replace(/\[!/g, '[^').replace(/[()|+@]/g, '\\$&');
  const literal = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`, 'i');
  try {
    const re = picomatch.makeRe(glob, PICO);
    // A class like [z-a] is no class: picomatch gives up ("$^"); read the name literally.
    return re.source === '$^' ? literal : atomicStars(re);
  } catch {
    return literal;
  }
}

const STAR = '[^/]*?';
/** A run of plain characters, escapes and classes: what sits between two `*` of one name. */
const PLAIN_PIECE = /^(?:\\.|\[(?:\\.|[^\]\\])*\]|[^\\()|[\]*+?{}^$.])+$/;

/**
 * `*a*a*a*b` compiled naively backtracks through every way of placing the `*`s (seconds on a
 * long name). Between two `*`s sits a fixed-length piece, and taking its leftmost occurrence
 * is always right, so each such `*` with its piece becomes `(?=([^/]*?piece))\N`: the lookahead
 * finds the leftmost piece and the back-reference takes it, never to be revisited.
 */
export function atomicStars(re: RegExp): RegExp {
  const src = re.source;
  if (/\((?!\?)/.test(src.replace(/\\./g, ''))) return re; // capture groups of its own: leave it
  const pieces = src.split(STAR);
  if (pieces.length < 3) return re;
  let out = pieces[0]!;
  let group = 0;
  for (let i = 1; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (i < pieces.length - 1 && PLAIN_PIECE.test(piece)) {
      group++;
      out += `(?=(${STAR}${piece}))\\${group}`;
    } else {
      out += STAR + piece;
    }
  }
  return new RegExp(out, re.flags);
}

/**
 * Does the pattern match the path or one of its folders? A table over (pattern part, path name)
 * visited at most once each: `**` takes zero or more names.
 */
function matchParts(parts: Part[], names: string[]): boolean {
  const P = parts.length;
  const N = names.length;
  if (N === 0) return false;
  // 0 unknown, 1 yes, 2 no
  const memo = new Uint8Array((P + 1) * (N + 1));
  const at = (p: number, n: number): boolean => {
    const k = p * (N + 1) + n;
    if (memo[k]) return memo[k] === 1;
    let ok: boolean;
    if (p === P) ok = n > 0; // matched a path or one of its folders: everything beneath it too
    else {
      const part = parts[p]!;
      if (part === '**') ok = at(p + 1, n) || (n < N && at(p, n + 1));
      else ok = n < N && part.test(names[n]!) && at(p + 1, n + 1);
    }
    memo[k] = ok ? 1 : 2;
    return ok;
  };
  return at(0, 0);
}
