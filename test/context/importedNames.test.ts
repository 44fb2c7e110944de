import { describe, expect, it } from 'vitest';
import type { ImportBinding } from '../../src/code/findImports';
import { namesWithImports, UNUSED_IMPORT_DISTANCE } from '../../src/context/importedNames';

const binding = (local: string, line: number, endLine = line): ImportBinding => ({ local, imported: local, module: './m', line, endLine });

describe('namesWithImports', () => {
  const lines = ['import {', '  used,', '  later,', '} from "./m";', 'import * as ns from "./ns";', '', 'function run() {', '  used(1);', '', '}'];
  const bindings = [binding('used', 0, 3), binding('later', 0, 3), { ...binding('ns', 4), imported: '*' }];

  it('does not count an import line as a use: a name used elsewhere is as near as that use', () => {
    const uses = namesWithImports(lines, 0, lines.length, { start: 8, end: 9 }, bindings);
    expect(uses.find((u) => u.name === 'used')).toMatchObject({ distance: 1, count: 1, line: 7 });
  });

  it('gives an imported name nothing uses yet a fixed distance, pointing at its import', () => {
    const uses = namesWithImports(lines, 0, lines.length, { start: 8, end: 9 }, bindings);
    expect(uses.find((u) => u.name === 'later')).toEqual({ name: 'later', count: 1, distance: UNUSED_IMPORT_DISTANCE, line: 2, column: 2 });
    expect(uses.find((u) => u.name === 'ns')).toMatchObject({ distance: UNUSED_IMPORT_DISTANCE, line: 4, column: 12 });
    // Nearest first, whatever the order of the imports.
    expect(uses[0].name).toBe('used');
  });

  it('reads a binding whose lines changed since the file was parsed as ordinary lines', () => {
    const moved = ['// a line added above', ...lines];
    const uses = namesWithImports(moved, 0, moved.length, { start: 9, end: 10 }, [binding('later', 1, 1)]);
    // Line 1 no longer names `later`: it is read, and `later` (on line 3) counts as used there.
    expect(uses.find((u) => u.name === 'later')).toMatchObject({ line: 3, distance: 6 });
    expect(uses.find((u) => u.name === 'import')).toBeUndefined();
  });
});
