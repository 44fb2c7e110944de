import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findTestLine, parseGoJson, parseJestJson, parseJunitXml, parseTap, UnreadableOutput } from '../../src/tests/runnerOutput';

const fixture = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8');

describe('runner output', () => {
  it("reads vitest's JSON report (jest's shape): names, statuses, failure messages", () => {
    const { tests } = parseJestJson(fixture('vitestResults.fixture.json'));
    expect(tests.map((t) => [t.name, t.status])).toEqual([
      ['area > multiplies', 'passed'],
      ['area > fails', 'failed'],
    ]);
    expect(tests[1].message).toMatch(/expected 6 to be 7/);
  });

  it("reads pytest's JUnit XML, and a module that does not import as a suite error", () => {
    const { tests } = parseJunitXml(fixture('pytestResults.fixture.xml'));
    expect(tests.map((t) => [t.title, t.status])).toEqual([
      ['test_ok', 'passed'],
      ['test_bad', 'failed'],
    ]);
    expect(tests[1].message).toMatch(/assert 3 == 4/);
    expect(parseJunitXml(fixture('pytestCollectionError.fixture.xml')).suiteErrors[0]).toMatch(/No module named 'nope'/);
  });

  it("reads node --test's TAP: leaves only, the failure's message and line", () => {
    const { tests } = parseTap(fixture('nodeTestResults.fixture.tap'));
    expect(tests.map((t) => [t.name, t.status])).toEqual([
      ['area > multiplies', 'passed'],
      ['area > fails', 'failed'],
      ['top level', 'passed'],
    ]);
    expect(tests[1].message).toMatch(/6 !== 7/);
    expect(tests[1].message).not.toMatch(/ERR_ASSERTION/);
    expect(tests[1].line).toBe(4);
  });

  it("reads go test -json events, a failure's output as its message", () => {
    const events = [
      { Action: 'run', Test: 'TestArea' },
      { Action: 'output', Test: 'TestArea', Output: '    area_test.go:8: got 6, want 7\n' },
      { Action: 'fail', Test: 'TestArea', Elapsed: 0.01 },
      { Action: 'pass', Test: 'TestScale' },
    ];
    const { tests } = parseGoJson(events.map((e) => JSON.stringify(e)).join('\n'));
    expect(tests.map((t) => [t.name, t.status, t.message])).toEqual([
      ['TestArea', 'failed', '    area_test.go:8: got 6, want 7\n'],
      ['TestScale', 'passed', undefined],
    ]);
  });

  it('says what is wrong with output it cannot read', () => {
    expect(() => parseJestJson('Error: Cannot find module')).toThrow(UnreadableOutput);
    expect(() => parseJunitXml('oops')).toThrow(/JUnit/);
    expect(() => parseTap('')).toThrow(/TAP/);
    expect(() => parseGoJson('go: command not found')).toThrow(/JSON/);
  });

  it('finds the line declaring a test', () => {
    const ts = "describe('area', () => {\n  it('multiplies (w * h)', () => {});\n});";
    expect(findTestLine(ts, 'multiplies (w * h)')).toBe(1);
    expect(findTestLine('def test_ok():\n    pass', 'test_ok')).toBe(0);
    expect(findTestLine('x', 'missing')).toBeUndefined();
  });
});
