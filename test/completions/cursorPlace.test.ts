import { describe, expect, it } from 'vitest';
import { cursorPlace } from '../../src/completions/cursorPlace';

describe('cursorPlace', () => {
  it('reads the cursor line, its indentation and the mode once', () => {
    const p = cursorPlace('function f() {\n\tif (ok) {\n\t  x = ', ')\n}\n');
    expect(p).toMatchObject({ lineBefore: '\t  x = ', lineAfter: ')', indent: 6, mode: { kind: 'line' }, atLineEnd: false });
  });

  it('an empty block after the cursor: block mode, and the line end reached', () => {
    const p = cursorPlace('if (ok) {\n  ', '\n}');
    expect(p).toMatchObject({ lineBefore: '  ', lineAfter: '', indent: 2, mode: { kind: 'block', indent: 0 }, atLineEnd: true });
  });
});
