import { describe, expect, it } from 'vitest';
import { isReviewedScheme } from '../../src/review/reviewedScheme';

describe('isReviewedScheme', () => {
  it.each(['file', 'untitled', 'vscode-remote'])('reviews %s documents', (scheme) => {
    expect(isReviewedScheme(scheme)).toBe(true);
  });

  it.each(['git', 'output', 'vscode-userdata', 'flint-prompt', 'FILE'])('leaves %s documents alone', (scheme) => {
    expect(isReviewedScheme(scheme)).toBe(false);
  });
});
