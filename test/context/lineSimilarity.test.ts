import { describe, expect, it } from 'vitest';
import { jaccard, lineSet, wordSet } from '../../src/context/lineSimilarity';
import { looksBinary } from '../../src/context/looksBinary';

describe('line similarity', () => {
  it('compares trimmed non-empty line sets', () => {
    expect(lineSet('  a\n\nb  \na')).toEqual(new Set(['a', 'b']));
    expect(jaccard(lineSet('a\nb\nc'), lineSet('b\nc\nd'))).toBeCloseTo(0.5);
    expect(jaccard(new Set(), new Set())).toBe(0);
  });

  it('extracts identifiers of three characters or more, without keywords', () => {
    expect(wordSet('const ab = user.email + $el;')).toEqual(new Set(['user', 'email', '$el']));
  });
});

describe('looksBinary', () => {
  it('flags NUL characters and control-heavy text, not source code', () => {
    expect(looksBinary('abc\u0000def')).toBe(true);
    expect(looksBinary('\u0001\u0002\u0003\u0004abc')).toBe(true);
    expect(looksBinary('function f() {\n\treturn 1;\r\n}\f')).toBe(false);
    expect(looksBinary('')).toBe(false);
  });
});
