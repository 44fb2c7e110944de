import { describe, expect, it } from 'vitest';
import { workspaceWidePhrase } from '../../src/router/workspaceScope';

describe('workspaceWidePhrase', () => {
  it.each([
    ['rename it everywhere', 'everywhere'],
    ['update all of the callers', 'all of the callers'],
    ['fix each call site', 'each call site'],
    ['across the entire codebase', 'across the entire codebase'],
    ['a repo-wide rename', 'repo-wide'],
    ['@codebase how is auth done', '@codebase'],
    ['and in other files', 'in other files'],
  ])('%s -> %s', (text, phrase) => {
    expect(workspaceWidePhrase(text)).toBe(phrase);
  });

  it.each([
    'rename it everywhere in this function',
    'throughout the class, use const',
    "don't touch it everywhere",
    'never apply this everywhere',
    'update the callers below',
  ])('local or negated: %s', (text) => {
    expect(workspaceWidePhrase(text)).toBeUndefined();
  });

  it('a local scope elsewhere in the message does not cancel a workspace request', () => {
    expect(workspaceWidePhrase('Fix this in this function. Then rename it everywhere.')).toBe('everywhere');
  });
});
