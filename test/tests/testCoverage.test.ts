import { describe, expect, it } from 'vitest';
import { blameFunction, existingTestsOf, hasTests, testLines, type CoveringFile } from '../../src/tests/testCoverage';
import type { SourceFunction } from '../../src/tests/testTypes';

const fn = (name: string, startLine: number, endLine: number): SourceFunction => ({ name, startLine, endLine, text: '', testable: true });
const AREA = fn('area', 0, 3);
const ROUND = fn('round2', 4, 7);
const FLINT: CoveringFile = {
  path: '/w/a.flint.test.ts',
  flint: true,
  text: "// header\nimport { area } from './a';\n\n// flint:begin area 0000aaaa\ndescribe('area', () => {\n  it('works', () => expect(area(2, 3)).toBe(6));\n});\n// flint:end area\n",
};
const USER: CoveringFile = {
  path: '/w/a.test.ts',
  flint: false,
  text: "describe('shapes', () => {\n  it('rounds', () => {\n    expect(round2(1.005)).toBe(1);\n  });\n  it('is true', () => expect(true).toBe(true));\n});\n",
};

describe('testCoverage', () => {
  it("finds a function's tests: its section of Flint's file, the user's tests that name it", () => {
    expect(existingTestsOf(FLINT, AREA, 'js')).toBe("describe('area', () => {\n  it('works', () => expect(area(2, 3)).toBe(6));\n});");
    expect(existingTestsOf(USER, ROUND, 'js')).toBe("  it('rounds', () => {\n    expect(round2(1.005)).toBe(1);\n  });");
    expect(existingTestsOf(USER, AREA, 'js')).toBe('');
    expect([hasTests([FLINT, USER], ROUND, 'js'), hasTests([FLINT], ROUND, 'js')]).toEqual([true, false]);
  });

  it('puts a failing test on its section\'s function, else the changed function it names, else the innermost changed one', () => {
    const failed = (name: string, title: string) => ({ name, title, status: 'failed' as const });
    expect(blameFunction(FLINT, failed('area > works', 'works'), [ROUND, AREA], 'js')?.name).toBe('area');
    expect(blameFunction(USER, failed('shapes > rounds', 'rounds'), [AREA, ROUND], 'js')?.name).toBe('round2');
    const inner = fn('area.helper', 1, 2);
    expect(blameFunction(USER, failed('shapes > is true', 'is true'), [AREA, inner], 'js')?.name).toBe('area.helper');
    expect(blameFunction(USER, failed('shapes > is true', 'is true'), [], 'js')).toBeUndefined();
    expect(testLines(USER.text, failed('shapes > rounds', 'rounds'), 'js')).toEqual({ start: 1, end: 4 });
  });
});
