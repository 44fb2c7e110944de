import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodeParser, installedParserFiles } from '../../src/code/codeParser';
import { functionByKey, functionTexts, keyed, keyName } from '../../src/tests/functionKeys';
import { parsedFunctions } from '../../src/tests/sourceFunctions';

const NESTED = `def outer(xs):
    def helper(x):
        return x + 1
    ys = [helper(x) for x in xs]
    def helper(x):
        return x * 2
    zs = [helper(y) for y in ys]
    def helper(x):
        return x - 3
    return [helper(z) for z in zs]


class Box:
    @property
    def size(self):
        return self._size

    @size.setter
    def size(self, value):
        self._size = value
`;

describe('functionKeys', () => {
  it('tells nested functions of one name and a getter and setter apart by where they are, the same on every read', async () => {
    const parser = await CodeParser.load(installedParserFiles(join(__dirname, '../..')));
    const find = parsedFunctions(async () => parser);
    const fns = keyed(await find(NESTED, '/w/calc.py'));
    expect(fns.map((f) => [f.key, f.startLine])).toEqual([
      ['outer', 0],
      ['outer.helper', 1],
      ['outer.helper#2', 4],
      ['outer.helper#3', 7],
      ['Box.size', 13],
      ['Box.size#2', 17],
    ]);
    // Read again: the same keys hold the same texts, so nothing "changed".
    expect(functionTexts(await find(NESTED, '/w/calc.py'))).toEqual(functionTexts(fns));
    expect(functionTexts(fns).get('outer.helper#2')).toContain('return x * 2');
    expect(functionByKey(fns, 'outer.helper#3')?.startLine).toBe(7);
    expect(functionByKey(fns, 'missing')).toBeUndefined();
    expect([keyName('outer.helper#3'), keyName('Box.size')]).toEqual(['outer.helper', 'Box.size']);
  });
});
