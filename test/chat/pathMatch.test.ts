import { describe, expect, it } from 'vitest';
import { rankPaths } from '../../src/chat/pathMatch';

const paths = ['test/unit/main.test.ts', 'src/main.ts', 'src/domain/remain.ts', 'src/mainly/x.ts', 'docs/readme.md', 'src/m_a_i_n.ts'];

describe('rankPaths', () => {
  it('ranks name prefix, then name substring, then path substring, then subsequence', () => {
    expect(rankPaths(paths, 'main', 10)).toEqual(['src/main.ts', 'test/unit/main.test.ts', 'src/domain/remain.ts', 'src/mainly/x.ts', 'src/m_a_i_n.ts']);
  });

  it('is case-insensitive, caps the count, and lists everything for an empty query', () => {
    expect(rankPaths(paths, 'README', 10)).toEqual(['docs/readme.md']);
    expect(rankPaths(paths, '', 2)).toHaveLength(2);
    expect(rankPaths(paths, 'zzz', 10)).toEqual([]);
  });
});
