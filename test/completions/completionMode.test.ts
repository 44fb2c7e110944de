import { describe, expect, it } from 'vitest';
import { decideMode } from '../../src/completions/completionMode';

describe('decideMode', () => {
  it.each([
    ['mid-line', 'foo(', ')\n', { kind: 'line' }],
    ['end of an ordinary line', 'const a = ', '\n', { kind: 'line' }],
    ['after an opening brace with an empty body', 'function f() {', '\n}', { kind: 'block', indent: 0 }],
    ['on the indented empty line of an empty block', 'if (a) {\n  ', '\n}', { kind: 'block', indent: 0 }],
    ['python def', 'def f(x):\n    ', '\n\ndef g():\n    pass', { kind: 'block', indent: 0 }],
    ['block that already has a body', 'if (a) {\n  ', '\n  b();\n}', { kind: 'line' }],
    ['nested opener keeps its indentation', 'class A {\n  m() {\n    ', '\n  }\n}', { kind: 'block', indent: 2 }],
    ['arrow function', 'const f = () =>', '', { kind: 'block', indent: 0 }],
    ['blank line not deeper than the opener', 'if (a) {\n', '\n}', { kind: 'block', indent: 0 }],
    ['column 0 of a blank line after an opener (no auto-indent)', '  if (a) {\n', '', { kind: 'block', indent: 2 }],
    ['blank line dedented to the opener is not its body', '  if (a) {\n  ', '', { kind: 'line' }],
    ['end of file with no opener', 'x = 1\n', '', { kind: 'line' }],
  ])('%s', (_name, prefix, suffix, expected) => {
    expect(decideMode(prefix, suffix)).toEqual(expected);
  });
});
