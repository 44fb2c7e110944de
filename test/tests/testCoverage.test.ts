import { describe, expect, it } from 'vitest';
import { blameFunction, coveringFile, existingTestsOf, hasTests, testLines } from '../../src/tests/testCoverage';
import type { SourceFunction } from '../../src/tests/testTypes';

const fn = (name: string, startLine: number, endLine: number): SourceFunction => ({ name, startLine, endLine, text: '', testable: true });
const AREA = fn('area', 0, 3);
const ROUND = fn('round2', 4, 7);
const FLINT = coveringFile(
  '/w/a.flint.test.ts',
  "// header\nimport { area } from './a';\n\n// flint:begin area 0000aaaa\ndescribe('area', () => {\n  it('works', () => expect(area(2, 3)).toBe(6));\n});\n// flint:end area\n",
  true,
  'js',
);
const USER = coveringFile(
  '/w/a.test.ts',
  "describe('shapes', () => {\n  it('rounds', () => {\n    expect(round2(1.005)).toBe(1);\n  });\n  it('is true', () => expect(true).toBe(true));\n});\n",
  false,
  'js',
);

describe('testCoverage', () => {
  it("finds a function's tests: its section of Flint's file, the user's tests that name it", () => {
    expect(existingTestsOf(FLINT, AREA)).toBe("describe('area', () => {\n  it('works', () => expect(area(2, 3)).toBe(6));\n});");
    expect(existingTestsOf(USER, ROUND)).toBe("  it('rounds', () => {\n    expect(round2(1.005)).toBe(1);\n  });");
    expect(existingTestsOf(USER, AREA)).toBe('');
    expect([hasTests([FLINT, USER], ROUND), hasTests([FLINT], ROUND)]).toEqual([true, false]);
  });

  it('puts a failing test on its section\'s function, else the changed function it names, else the innermost changed one', () => {
    const failed = (name: string, title: string) => ({ name, title, status: 'failed' as const });
    expect(blameFunction(FLINT, failed('area > works', 'works'), [ROUND, AREA])?.name).toBe('area');
    expect(blameFunction(USER, failed('shapes > rounds', 'rounds'), [AREA, ROUND])?.name).toBe('round2');
    const inner = fn('area.helper', 1, 2);
    expect(blameFunction(USER, failed('shapes > is true', 'is true'), [AREA, inner])?.name).toBe('area.helper');
    expect(blameFunction(USER, failed('shapes > is true', 'is true'), [])).toBeUndefined();
    expect(testLines(USER.text, failed('shapes > rounds', 'rounds'), 'js')).toEqual({ start: 1, end: 4 });
  });
});
