import { describe, expect, it } from 'vitest';
import { compileGlob } from '../../src/context/globPattern';

const cases: Array<[pattern: string, path: string, matches: boolean]> = [
  ['*.pem', 'certs/server.pem', true],
  ['*.pem', '/home/u/proj/server.pem', true],
  ['*.pem', 'server.pem.txt', false],
  ['?.ts', 'src/a.ts', true],
  ['?.ts', 'src/ab.ts', false],
  ['**/*.ts', 'a/b/c.ts', true],
  ['**/*.ts', 'c.ts', true],
  ['src/**/gen', 'repo/src/x/y/gen/file.ts', true],
  ['src/**/gen', 'repo/src/gen/file.ts', true],
  ['src/*/gen', 'repo/src/x/y/gen/file.ts', false],
  ['secrets/**', '/abs/work/secrets/deep/a.txt', true],
  ['secrets/**', '/abs/work/notsecrets/a.txt', false],
  ['node_modules', 'proj/node_modules/pkg/index.js', true],
  ['*.{js,ts}', 'a/b.ts', true],
  ['*.{js,ts}', 'a/b.tsx', false],
  ['*.{j{s,sx},ts}', 'a/b.jsx', true],
  ['config.{yaml', 'config.{yaml', true],
  ['config.{yaml', 'config.yaml', false],
  ['file[0-9].txt', 'file7.txt', true],
  ['file[!0-9].txt', 'file7.txt', false],
  ['a.b', 'axb', false],
  ['(x)+', '(x)+', true],
  ['./build/', 'proj/build/out.js', true],
  ['**', 'anything/at/all', true],
  ['*.PEM', 'x.pem', true],
];

describe('compileGlob', () => {
  it.each(cases)('%s against %s -> %s', (pattern, path, matches) => {
    expect(compileGlob(pattern).test(path)).toBe(matches);
  });

  it('rejects a blank pattern with the pattern named', () => {
    expect(() => compileGlob('  ')).toThrow(/Empty glob pattern/);
  });
});

describe('compileGlob on invalid classes', () => {
  it('treats a reversed range as literal text instead of throwing', () => {
    const re = compileGlob('[z-a].txt');
    expect(re.test('[z-a].txt')).toBe(true);
    expect(re.test('m.txt')).toBe(false);
  });
});
