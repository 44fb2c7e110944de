import { describe, expect, it } from 'vitest';
import { namesInPlay } from '../../src/context/namesInPlay';
import { KnownFiles, resolveModule } from '../../src/code/resolveModule';
import { renderSections } from '../../src/context/renderSections';

describe('namesInPlay', () => {
  const lines = ['import { helper } from "./h";', '', 'function run() {', '  const total = helper(items);', '  return fmt.render(total, helper);', '}'];

  it('counts uses, measures the distance to the focus, and reads `ns.name` as a qualified use', () => {
    const uses = namesInPlay(lines, 0, lines.length, { start: 3, end: 4 });
    const helper = uses.find((u) => u.name === 'helper' && !u.qualifier)!;
    expect(helper).toMatchObject({ count: 3, distance: 0, line: 3, column: 16 });
    expect(uses.find((u) => u.name === 'render')).toMatchObject({ qualifier: 'fmt', distance: 1 });
    expect(uses.find((u) => u.name === 'fmt')).toMatchObject({ distance: 1 });
    // Keywords and one-letter names are not names in play.
    expect(uses.some((u) => ['const', 'return', 'function', 'import'].includes(u.name))).toBe(false);
  });

  it('does not read the lines it is told to skip', () => {
    const uses = namesInPlay(lines, 0, lines.length, { start: 3, end: 4 }, new Set([0]));
    expect(uses.find((u) => u.name === 'helper')).toMatchObject({ count: 2 });
  });

  it('puts the nearest first and skips lines too long to be code', () => {
    const uses = namesInPlay(['far()', 'x'.repeat(2000) + ' hidden()', 'near()'], 0, 3, { start: 2, end: 3 });
    expect(uses.map((u) => u.name)).toEqual(['near', 'far']);
  });
});

describe('resolveModule', () => {
  const files = new KnownFiles();
  for (const p of ['src/a.ts', 'src/b.ts', 'src/lib/index.ts', 'src/c.tsx', 'pkg/__init__.py', 'pkg/x.py', 'pkg/sub/y.py', 'go/util/u.go', 'go/util/u_test.go', 'go/http/h.go']) files.add(p);

  it('resolves relative JavaScript and TypeScript paths, `.js` written for `.ts`, and folder indexes', () => {
    expect(resolveModule('src/a.ts', './b', 'typescript', files)).toEqual(['src/b.ts']);
    expect(resolveModule('src/a.ts', './b.js', 'typescript', files)).toEqual(['src/b.ts']);
    expect(resolveModule('src/a.ts', './lib', 'typescript', files)).toEqual(['src/lib/index.ts']);
    expect(resolveModule('src/a.ts', './c', 'tsx', files)).toEqual(['src/c.tsx']);
    expect(resolveModule('src/a.ts', 'lodash', 'typescript', files)).toEqual([]);
    expect(resolveModule('src/a.ts', '../../outside', 'typescript', files)).toEqual([]);
  });

  it('resolves Python relative and absolute modules and packages', () => {
    expect(resolveModule('pkg/sub/y.py', '..x', 'python', files)).toEqual(['pkg/x.py']);
    expect(resolveModule('pkg/x.py', '.', 'python', files)).toEqual(['pkg/__init__.py']);
    expect(resolveModule('pkg/x.py', '.sub.y', 'python', files)).toEqual(['pkg/sub/y.py']);
    expect(resolveModule('pkg/x.py', 'pkg.sub.y', 'python', files)).toEqual(['pkg/sub/y.py']);
    expect(resolveModule('pkg/x.py', 'os', 'python', files)).toEqual([]);
  });

  it('finds a module by the tail of its path among many files, and forgets a deleted one', () => {
    const many = new KnownFiles();
    for (let i = 0; i < 500; i++) many.add(`lib${i}/pkg/util.py`);
    many.add('app/pkg/util.py');
    expect(resolveModule('app/main.py', 'pkg.util', 'python', many)).toEqual(['app/pkg/util.py']);
    many.delete('app/pkg/util.py');
    expect(resolveModule('app/main.py', 'pkg.util', 'python', many)).toHaveLength(1);
    expect(resolveModule('app/main.py', 'pkg.util', 'python', many)[0]).toMatch(/^lib\d+\/pkg\/util\.py$/);
    expect(many.endingWith('util.py')).toHaveLength(500);
  });

  it('resolves a Go import path to the files of the folder it ends in, tests left out; never by one element alone', () => {
    expect(resolveModule('go/main.go', 'example.com/mod/go/util', 'go', files)).toEqual(['go/util/u.go']);
    expect(resolveModule('go/main.go', 'net/http', 'go', files)).toEqual([]);
  });
});

describe('renderSections', () => {
  it('heads each source with its title, in a fixed order, each piece with its path (and 1-based line where it is one piece of a file)', () => {
    const text = renderSections([
      { source: 'diagnostics', path: 'a.ts', line: 4, text: 'error: x', distance: 0, ageMs: 0, uses: 1, key: 'd' },
      { source: 'definitions', path: 'b.ts', line: 0, text: 'function b()', distance: 0, ageMs: 0, uses: 1, key: 'b' },
    ]);
    expect(text).toBe('## Definitions of names used here (from their files)\n--- b.ts\nfunction b()\n\n## Problems the editor reports near here\na.ts:5: error: x');
    expect(renderSections([])).toBe('');
    const def = (path: string, text: string) => ({ source: 'definitions' as const, path, line: 3, text, distance: 0, ageMs: 0, uses: 1, key: text });
    expect(renderSections([def('a.ts', 'function a()'), def('b.ts', 'function b()'), def('a.ts', 'function a2()')])).toBe(
      '## Definitions of names used here (from their files)\n--- a.ts\nfunction a()\nfunction a2()\n--- b.ts\nfunction b()',
    );
  });
});
