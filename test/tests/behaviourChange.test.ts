import { describe, expect, it } from 'vitest';
import { behaviourChange, describeChange } from '../../src/tests/behaviourChange';

const AREA = 'function area(w: number, h: number) {\n  return w * h;\n}';

describe('behaviourChange', () => {
  it('sees new parameters, branches and errors; not a changed operator, a rename inside, a comment or a string', () => {
    expect(behaviourChange(AREA, AREA.replace('w * h', 'w + h'), 'js')).toBeUndefined();
    expect(behaviourChange(AREA, AREA.replace('w * h', 'w * h // if or throw'), 'js')).toBeUndefined();
    expect(behaviourChange(AREA, AREA.replace('w * h', "'if' && w * h"), 'js')).toEqual({ parameters: false, branches: true, errors: false });
    expect(behaviourChange('x && y', 'x || y', 'js')).toBeUndefined();
    expect(behaviourChange(AREA, AREA.replace('h: number)', 'h: number, d = 1)'), 'js')?.parameters).toBe(true);
    const thrown = behaviourChange(AREA, AREA.replace('  return', "  if (w < 0) throw new Error('no');\n  return"), 'js')!;
    expect(describeChange(thrown)).toBe('it has new branches, it can fail in new ways');
    expect(behaviourChange('def f(x):\n    return x', 'def f(x):\n    if x < 0:\n        raise ValueError()\n    return x', 'python')).toEqual({ parameters: false, branches: true, errors: true });
    expect(behaviourChange('a?.b', 'a?.b?.c', 'js')).toBeUndefined();
  });
});
