import { describe, expect, it } from 'vitest';
import { isInsideFolders } from '../../src/context/insideFolders';

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
