import { describe, expect, it } from 'vitest';
import { isInsideFolders, isInsideFoldersOf } from '../../src/privacy/insideFolders';

describe('isInsideFolders', () => {
  it.each([
    ['/w/proj/src/a.ts', ['/w/proj'], true],
    ['/w/proj', ['/w/proj/'], true],
    ['/w/project-other/a.ts', ['/w/proj'], false],
    ['/w/proj/../secret', ['/w/proj'], false],
    ['/etc/passwd', ['/w/proj', '/w/other'], false],
    ['/w/other/x', ['/w/proj', '/w/other'], true],
    ['C:\\Users\\me\\proj\\a.ts', ['c:/users/me/proj'], true],
    ['C:\\Users\\me\\projx\\a.ts', ['c:/users/me/proj'], false],
    ['/W/PROJ/a.ts', ['/w/proj'], false],
    ['/a.ts', ['/'], true],
    ['/w/proj/a.ts', [], false],
  ] as const)('%s in %j -> %s', (path, folders, want) => {
    expect(isInsideFolders(path, folders)).toBe(want);
  });
});

describe('isInsideFoldersOf', () => {
  const remote = (path: string, authority = 'ssh-remote+box') => ({ scheme: 'vscode-remote', authority, path });
  const folders = [remote('/home/me/proj')];

  it('takes a file inside a folder of the same remote', () => {
    expect(isInsideFoldersOf(remote('/home/me/proj/src/a.ts'), folders)).toBe(true);
  });

  it.each([
    ['a file elsewhere on that remote', remote('/home/me/.ssh/id_rsa')],
    ['the same path on another remote', remote('/home/me/proj/src/a.ts', 'ssh-remote+other')],
    ['the same path on this machine', { scheme: 'file', authority: '', path: '/home/me/proj/src/a.ts' }],
    ['a path climbing out with ..', remote('/home/me/proj/../.ssh/id_rsa')],
  ])('refuses %s', (_what, file) => {
    expect(isInsideFoldersOf(file, folders)).toBe(false);
  });
});
