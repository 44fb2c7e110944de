import { describe, expect, it } from 'vitest';
import { bracketProblem } from '../../src/tests/syntaxCheck';

describe('bracketProblem', () => {
  it('accepts balanced code with brackets in strings and comments', () => {
    expect(bracketProblem("it('a (', () => {\n  // }\n  expect(`x\n}`).toBe('}');\n});\n", 'js')).toBeUndefined();
    expect(bracketProblem('def test_a():\n    """(\n    """\n    assert f("]") == 1  # )\n', 'python')).toBeUndefined();
  });

  it('names the line of what a cut-off or garbled answer leaves open or mismatched', () => {
    expect(bracketProblem("describe('a', () => {\n  it('b', () => {\n", 'js')).toMatch(/line 2: "\{" is never closed/);
    expect(bracketProblem('f(]\n', 'js')).toMatch(/line 1: "]" does not close the "\(" of line 1/);
    expect(bracketProblem("x = 'abc\n", 'python')).toMatch(/line 1: a string is not closed/);
  });
});
