import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CodeParser, installedParserFiles } from '../../src/code/codeParser';
import type { CodeSymbol } from '../../src/code/codeSymbol';
import { functionSpans } from '../../src/code/functionSpan';

const fixture = (name: string) => readFileSync(join(__dirname, '../fixtures/context/functions', name), 'utf8');
const span = (s: CodeSymbol) => ({ start: s.range.start.line, end: s.range.end.line + 1 });

let ts: CodeSymbol[];
let py: CodeSymbol[];
beforeAll(async () => {
  // A clock that stands still: how busy the machine is must not decide what a fixture parses to.
  const parser = await CodeParser.load(installedParserFiles(join(__dirname, '../..')), () => 0);
  ts = await parser.findSymbols('typescript', fixture('sample.ts'));
  py = await parser.findSymbols('python', fixture('sample.py'));
});

describe('functionSpans', () => {
  it('gives the outermost functions in order: a function with its nested ones, methods and not their class', () => {
    const spans = functionSpans(ts);
    const named = (name: string) => span(ts.find((s) => s.name === name)!);
    // `add` (with `export`) holds `inner`, which has no span of its own.
    expect(spans[0]).toEqual({ start: 3, end: 9 });
    expect(spans).not.toContainEqual(named('inner'));
    expect(spans).toContainEqual(named('deposit'));
    expect(spans).not.toContainEqual(named('log'));
    expect(spans).not.toContainEqual(named('Account'));
    for (let i = 1; i < spans.length; i++) expect(spans[i].start).toBeGreaterThanOrEqual(spans[i - 1].end);
  });

  it('finds Python methods', () => {
    const methods = py.filter((s) => s.kind === 'method' && !py.some((o) => o !== s && o.kind !== 'class' && o.range.start.line < s.range.start.line && o.range.end.line >= s.range.end.line));
    expect(methods.length).toBeGreaterThan(0);
    for (const m of methods) expect(functionSpans(py)).toContainEqual(span(m));
  });
});
