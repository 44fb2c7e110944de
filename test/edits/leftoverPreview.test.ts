import { describe, expect, it } from 'vitest';
import { LeftoverPreview } from '../../src/edits/leftoverPreview';

describe('LeftoverPreview', () => {
  it('deletes the intact preview lines, following changes above and inside', () => {
    // Region at line 5: same, added, added, pending, partial.
    const left = new LeftoverPreview(5, ['same', 'added', 'added', 'pending', 'partial']);
    expect(left.deletions()).toEqual([
      { row: 6, deleteCount: 2, insert: [] },
      { row: 9, deleteCount: 1, insert: [] },
    ]);
    left.track({ startLine: 0, startCharacter: 0, endLine: 0, endCharacter: 0, text: 'a\nb\n' });
    left.track({ startLine: 8, startCharacter: 2, endLine: 8, endCharacter: 2, text: 'typed' });
    expect(left.deletions()).toEqual([
      { row: 9, deleteCount: 1, insert: [] },
      { row: 11, deleteCount: 1, insert: [] },
    ]);
  });

  it('ignores changes below the region', () => {
    const left = new LeftoverPreview(0, ['added']);
    left.track({ startLine: 3, startCharacter: 0, endLine: 4, endCharacter: 0, text: '' });
    expect(left.deletions()).toEqual([{ row: 0, deleteCount: 1, insert: [] }]);
  });
});
