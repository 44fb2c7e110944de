/**
 * A small glob compiler for deny lists and `files.exclude`: `**`, `*`, `?`, `{a,b}` (nestable)
 * and `[abc]` classes. Paths use `/`; matching ignores case so `.ENV` on a case-insensitive
 * disk is caught as well as `.env` (denying too much is the safe error here).
 */
export function compileGlob(pattern: string): RegExp {
  const body = normalizePattern(pattern);
  if (body === '') throw new Error(`Empty glob pattern ${JSON.stringify(pattern)}: remove it from the list.`);
  // Match at any segment boundary and also every path beneath a matching folder, so
  // "secrets/**", "node_modules" and "*.pem" all work on absolute and relative paths.
  return new RegExp(`(?:^|/)${translate(body, 0, false).source}(?:/|$)`, 'i');
}

function normalizePattern(pattern: string): string {
  return pattern.trim().replace(/\\/g, '/').replace(/^(?:\.\/)+/, '').replace(/^\/+/, '').replace(/\/+$/, '');
}

interface Translated {
  source: string;
  end: number;
}

/** Translates from `start` until the end, or (inside braces) until the closing `}` or a `,`. */
function translate(p: string, start: number, inBraces: boolean): Translated {
  let out = '';
  let i = start;
  while (i < p.length) {
    const c = p[i];
    if (inBraces && (c === ',' || c === '}')) break;
    if (c === '*') {
      if (p[i + 1] === '*') {
        const atSegmentStart = i === 0 || p[i - 1] === '/';
        const atSegmentEnd = i + 2 === p.length || p[i + 2] === '/';
        if (atSegmentStart && atSegmentEnd) {
          if (p[i + 2] === '/') {
            out += '(?:[^/]*/)*'; // "**/" = zero or more folders
            i += 3;
          } else {
            out += '.*';
            i += 2;
          }
          continue;
        }
        i += 1; // "a**b" behaves like "a*b"
      }
      out += '[^/]*';
      i += 1;
    } else if (c === '?') {
      out += '[^/]';
      i += 1;
    } else if (c === '{') {
      const alternatives: string[] = [];
      let j = i + 1;
      let closed = false;
      while (j <= p.length) {
        const alt = translate(p, j, true);
        alternatives.push(alt.source);
        j = alt.end + 1;
        if (alt.end >= p.length) break;
        if (p[alt.end] === '}') {
          closed = true;
          break;
        }
      }
      if (closed) {
        out += `(?:${alternatives.join('|')})`;
        i = j;
      } else {
        out += '\\{'; // an unclosed brace is an ordinary character, as in most shells
        i += 1;
      }
    } else if (c === '[') {
      const close = p.indexOf(']', i + 2);
      if (close < 0) {
        out += '\\[';
        i += 1;
        continue;
      }
      let cls = p.slice(i + 1, close).replace(/\\/g, '\\\\').replace(/\]/g, '\\]');
      if (cls.startsWith('!')) cls = `^${cls.slice(1)}`;
      if (!validClass(cls)) {
        out += '\\['; // a class like [z-a] is no class: treat "[" literally, as shells do
        i += 1;
        continue;
      }
      out += `[${cls}]`;
      i = close + 1;
    } else {
      out += c.replace(/[.+^$()|\\\]]/g, '\\$&');
      i += 1;
    }
  }
  return { source: out, end: i };
}

function validClass(cls: string): boolean {
  try {
    new RegExp(`[${cls}]`);
    return true;
  } catch {
    return false;
  }
}
