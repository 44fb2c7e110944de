import { describe, expect, it } from 'vitest';
import { distinctFiles, fileMentions, normalizePath } from '../../src/router/fileMentions';

describe('fileMentions', () => {
  it('finds paths, bare file names, @mentions and #file references', () => {
    expect(fileMentions('see src/a.ts, @b.tsx and #file:lib/c.py; then ./d.json.', [])).toEqual(['src/a.ts', 'b.tsx', 'lib/c.py', 'd.json']);
  });

  it('finds Windows and home-relative paths', () => {
    expect(fileMentions('open C:\\work\\app.cs or ~/notes/todo.md', [])).toEqual(['/work/app.cs', '~/notes/todo.md']);
  });

  it('ignores versions, abbreviations, domains, emails and runtime names', () => {
    expect(fileMentions('v1.2.3, e.g. example.com, me@site.io, a@b.ts, Node.js 20, docs.rs', [])).toEqual([]);
  });

  it('takes inline code only when it is exactly one path', () => {
    expect(fileMentions('', ['src/a.ts', "require('b.json')", '@c.go'])).toEqual(['src/a.ts', 'c.go']);
  });
});

describe('distinctFiles', () => {
  it('merges a bare name with its workspace path and keeps the longer one', () => {
    expect(distinctFiles(['route.ts', 'src/router/route.ts', './src/router/route.ts', 'src/a.ts'])).toEqual(['src/router/route.ts', 'src/a.ts']);
  });

  it('keeps files that only share a suffix of their names apart', () => {
    expect(distinctFiles(['src/myroute.ts', 'route.ts'])).toEqual(['src/myroute.ts', 'route.ts']);
  });

  it('normalizes separators and leading ./', () => {
    expect(normalizePath('.\\src\\a.ts'.replace(/^\.\\/, './'))).toBe('src/a.ts');
  });
});
