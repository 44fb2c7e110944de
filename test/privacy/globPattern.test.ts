import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { atomicStars, compileGlob, expandBraces, GlobPatternError } from '../../src/privacy/globPattern';

/** [pattern, workspace-relative path, matches] as VS Code's files.exclude reads them. */
const cases: Array<[pattern: string, path: string, matches: boolean]> = [
  ['*.pem', 'server.pem', true],
  ['*.pem', 'certs/server.pem', false], // no "**/": the top folder only, as files.exclude
  ['**/*.pem', 'certs/server.pem', true],
  ['**/*.pem', 'server.pem.txt', false],
  ['?.ts', 'a.ts', true],
  ['?.ts', 'ab.ts', false],
  ['**/*.ts', 'a/b/c.ts', true],
  ['**/*.ts', 'c.ts', true],
  ['src/**/gen', 'src/x/y/gen/file.ts', true],
  ['src/**/gen', 'src/gen/file.ts', true],
  ['src/*/gen', 'src/x/y/gen/file.ts', false],
  ['src/*/gen', 'src/x/gen', true],
  ['secrets/**', 'secrets/deep/a.txt', true],
  ['secrets/**', 'notsecrets/a.txt', false],
  ['secrets/**', 'lib/secrets/a.txt', false],
  ['**/node_modules', 'node_modules/pkg/index.js', true],
  ['**/node_modules', 'proj/node_modules/pkg/index.js', true],
  ['node_modules', 'proj/node_modules/pkg/index.js', false],
  ['**/*.{js,ts}', 'a/b.ts', true],
  ['**/*.{js,ts}', 'a/b.tsx', false],
  ['**/*.{j{s,sx},ts}', 'a/b.jsx', true],
  ['{build,dist}/**', 'dist/x.js', true],
  ['{build/out,dist}', 'build/out/x.js', true],
  ['{build/out,dist}', 'build/x.js', false],
  ['config.{yaml', 'config.{yaml', true],
  ['config.{yaml', 'config.yaml', false],
  ['file[0-9].txt', 'file7.txt', true],
  ['file[!0-9].txt', 'file7.txt', false],
  ['file[!0-9].txt', 'filex.txt', true],
  ['a.b', 'axb', false],
  ['(x)+', '(x)+', true],
  ['!x', '!x', true],
  ['./build/', 'build/out.js', true],
  ['**', 'anything/at/all', true],
  ['*', '.hidden', true], // dotfiles are ordinary names
  ['**/.git', 'sub/.git/config', true],
  ['*.PEM', 'x.pem', true],
  ['**/**/**/x', 'a/b/x', true],
  ['[z-a].txt', '[z-a].txt', true],
  ['[z-a].txt', 'm.txt', false],
];

describe('compileGlob', () => {
  it.each(cases)('%s against %s -> %s', (pattern, path, matches) => {
    expect(compileGlob(pattern).test(path)).toBe(matches);
  });

  it('with anyDepth a name pattern matches in any folder, and absolute paths work', () => {
    const g = compileGlob('*.pem', { anyDepth: true });
    expect(g.test('certs/server.pem')).toBe(true);
    expect(g.test('/home/u/proj/server.pem')).toBe(true);
    expect(g.test('C:\\proj\\server.pem')).toBe(true);
    expect(g.test('server.pem.txt')).toBe(false);
  });

  it.each(['', '  ', '/', './', '//', '.', '././'])('rejects the empty pattern %j with a clear error, never a crash', (p) => {
    expect(() => compileGlob(p)).toThrow(GlobPatternError);
    expect(() => compileGlob(p)).toThrow(/Empty glob pattern .*Remove it/);
  });

  it('rejects brace bombs instead of expanding them', () => {
    expect(() => compileGlob('{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}')).toThrow(/more than 256 alternatives/);
  });

  it('expands nested and path-spanning braces', () => {
    expect(expandBraces('a/{b,c/{d,e}}')).toEqual(['a/b', 'a/c/d', 'a/c/e']);
    expect(expandBraces('x{}y')).toEqual(['xy']);
  });
});

describe('compileGlob on pathological patterns', () => {
  const deep = `${Array.from({ length: 60 }, () => 'a').join('/')}/y`;
  const long = 'a'.repeat(250);
  it.each([
    ['**/**/**/**/**/**/**/**/x', deep, false],
    ['**/**/**/**/**/**/**/**/y', deep, true],
    ['**/a/**/a/**/a/**/a/**/a/**/b', deep, false],
    ['**/a/**/a/**/a/**/a/**/a/**/y', deep, true],
    ['*a*a*a*a*a*a*a*ab', long, false],
    ['*a*a*a*a*a*a*a*ab', `${long}b`, true],
    ['**/*a*a*a*a*a*a*a*ab', `${deep}/${long}`, false],
    ['*a?a[ab]a*a*a*a*ab', `x${long}b`, true],
  ])('%s answers right (%#)', (pattern, path, want) => {
    // How long these take is bench/denyList.ts's to measure (its worst input is among these).
    expect(compileGlob(pattern).test(path)).toBe(want);
  });

  it('atomic stars accept exactly what picomatch accepts (every short name over a, b)', () => {
    const patterns = ['*a*b', '*a*a*b', 'a*b*a', '*ab*ba*', '*a?b*', '*[ab]a*b*', '**b*a', 'a*', '*a'];
    const names: string[] = [];
    const grow = (s: string) => {
      if (s.length > 7) return;
      if (s) names.push(s);
      grow(`${s}a`);
      grow(`${s}b`);
    };
    grow('');
    for (const p of patterns) {
      const plain = picomatch.makeRe(p, { dot: true, nocase: true, noglobstar: true });
      const atomic = atomicStars(plain);
      for (const n of names) expect(atomic.test(n), `${p} on ${n}`).toBe(plain.test(n));
    }
  });
});

describe('compileGlob with literal names', () => {
  it('matches whatever the case, where literal names sit beside wildcards, and non-ASCII names too', () => {
    expect(compileGlob('**/.ssh/**').test('Home/.SSH/id_rsa')).toBe(true);
    expect(compileGlob('**/.ssh/**').test('home/ssh/id_rsa')).toBe(false);
    expect(compileGlob('.config/gcloud/*.json', { anyDepth: true }).test('.CONFIG/GCloud/a.JSON')).toBe(true);
    expect(compileGlob('.config/gcloud/*.json').test('.config/gcloudx/a.json')).toBe(false);
    expect(compileGlob('src/{a,b}/secret.txt').test('SRC\\B\\Secret.TXT')).toBe(true);
    expect(compileGlob('**/ÉTÉ/**').test('x/été/y')).toBe(true);
  });
});
