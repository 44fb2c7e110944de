import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CodeParser, installedParserFiles, MAX_PARSE_CHARS } from '../../src/code/codeParser';
import { functionAtLine, type FoundFunction } from '../../src/code/findFunctions';

/** A clock that stands still: how busy the machine is must not decide what a fixture parses to. */
const stillClock = () => 0;

const fixture = (name: string) => readFileSync(join(__dirname, '../fixtures/context/functions', name), 'utf8');
/** `container.name kind` of each function, for a compact comparison. */
const outline = (fns: FoundFunction[]) => fns.map((f) => `${f.container ? `${f.container}.` : ''}${f.name} ${f.kind}`);
const byName = (fns: FoundFunction[], qualified: string) => fns.find((f) => `${f.container ? `${f.container}.` : ''}${f.name}` === qualified)!;

let parser: CodeParser;
beforeAll(async () => {
  parser = await CodeParser.load(installedParserFiles(join(__dirname, '../..')), stillClock);
});

describe('findFunctions: TypeScript', () => {
  let fns: FoundFunction[];
  beforeAll(async () => {
    fns = await parser.findFunctions('typescript', fixture('sample.ts'));
  });

  it('finds declarations, nested functions, arrows, class and object methods, in document order', () => {
    expect(outline(fns)).toEqual([
      'add function',
      'add.inner function',
      'double arrow',
      'Account.onChange arrow',
      'Account.constructor method',
      'Account.deposit method',
      'Account.deposit.log arrow',
      'Account.create method',
      'Account.total method',
      'api.fetch method',
      'api.parse method',
      'Tools.tool function',
      'callbackHelper function',
    ]);
  });

  it('gives each its signature up to the body, its doc comment and its ranges', () => {
    const add = byName(fns, 'add');
    expect(add.signature).toBe('function add(a: number, b: number): number');
    expect(add.doc).toBe('/** Adds two numbers. */');
    // The range takes the `export` keyword; the signature starts at `function`.
    expect(add.range).toEqual({ start: { line: 3, column: 0 }, end: { line: 8, column: 1 } });
    expect(add.signatureRange).toEqual({ start: { line: 3, column: 7 }, end: { line: 3, column: 49 } });
    expect(add.bodyRange.start).toEqual({ line: 3, column: 50 });
    expect(byName(fns, 'double').signature).toBe('const double = async <T,>(value: T): Promise<T[]> =>');
    expect(byName(fns, 'Account.deposit').doc).toBe('// Deposits money.');
    expect(byName(fns, 'Account.create').signature).toBe('static create(): Account<number>');
  });

  it('marks what another file can import', () => {
    expect(byName(fns, 'add').exported).toBe(true);
    expect(byName(fns, 'add.inner').exported).toBe(false);
    expect(byName(fns, 'Account.deposit').exported).toBe(true);
    expect(byName(fns, 'api.fetch').exported).toBe(true); // through `export { api }`
    expect(byName(fns, 'callbackHelper').exported).toBe(false);
  });

  it('leaves out bodiless declarations and anonymous callbacks', () => {
    expect(fns.some((f) => f.name === 'declared' || f.name === 'area')).toBe(false);
  });

  it('finds the innermost function at a line', () => {
    expect(functionAtLine(fns, 5)?.name).toBe('inner');
    expect(functionAtLine(fns, 7)?.name).toBe('add');
    expect(functionAtLine(fns, 24)?.name).toBe('log');
    expect(functionAtLine(fns, 0)).toBeUndefined();
  });
});

describe('findFunctions: JavaScript', () => {
  it('finds generators, class fields holding arrows, private methods, CommonJS exports and prototype methods', async () => {
    const fns = await parser.findFunctions('javascript', fixture('sample.js'));
    expect(outline(fns)).toEqual(['ids function', 'Store.add arrow', 'Store.#secret method', 'load function', 'Store.size method', 'first function', 'second arrow']);
    expect(byName(fns, 'ids').exported).toBe(true); // module.exports = { ids, Store }
    expect(byName(fns, 'Store.add').exported).toBe(true);
    expect(byName(fns, 'Store.#secret').exported).toBe(false);
    expect(byName(fns, 'load').exported).toBe(true);
    expect(byName(fns, 'first').exported).toBe(false);
  });

  it('reads JSX with the javascriptreact language id', async () => {
    const fns = await parser.findFunctions('javascriptreact', 'export const App = () => <div onClick={() => 1}>hi</div>;\n');
    expect(outline(fns)).toEqual(['App arrow']);
  });
});

describe('findFunctions: Python', () => {
  let fns: FoundFunction[];
  beforeAll(async () => {
    fns = await parser.findFunctions('python', fixture('sample.py'));
  });

  it('finds functions, nested functions, methods (async too) and named lambdas', () => {
    expect(outline(fns)).toEqual([
      'load function',
      'load.inner function',
      'Account.__init__ method',
      'Account.deposit method',
      'Account._audit method',
      'square arrow',
      '_private function',
    ]);
  });

  it('takes decorators into the range, the docstring as doc, and the def line as signature', () => {
    const load = byName(fns, 'load');
    expect(load.range.start.line).toBe(3);
    expect(load.signatureRange.start.line).toBe(4);
    expect(load.signature).toBe('def load(path: str) -> str:');
    expect(load.doc).toBe('"""Reads a file."""');
    expect(byName(fns, 'Account.deposit').signature).toBe('async def deposit(self, amount: int) -> None:');
  });

  it('follows the underscore convention for what is public', () => {
    expect(byName(fns, 'load').exported).toBe(true);
    expect(byName(fns, 'Account.__init__').exported).toBe(true);
    expect(byName(fns, 'Account._audit').exported).toBe(false);
    expect(byName(fns, '_private').exported).toBe(false);
    expect(byName(fns, 'load.inner').exported).toBe(false);
  });
});

describe('findFunctions: Go', () => {
  it('finds functions, methods held by their receiver type (generic and pointer), and func literals', async () => {
    const fns = await parser.findFunctions('go', fixture('sample.go'));
    expect(outline(fns)).toEqual(['Account.Deposit method', 'Account.Deposit.check arrow', 'Store.Get method', 'helper function']);
    const deposit = byName(fns, 'Account.Deposit');
    expect(deposit.signature).toBe('func (a *Account) Deposit(amount int) error');
    expect(deposit.doc).toBe('// Deposit adds money.');
    expect(deposit.exported).toBe(true);
    expect(byName(fns, 'helper').exported).toBe(false);
  });
});

describe('CodeParser', () => {
  it('finds the other definitions too: classes, interfaces, types, enums, variables', async () => {
    const symbols = await parser.findSymbols('typescript', fixture('sample.ts'));
    const others = symbols.filter((s) => !['function', 'method', 'arrow'].includes(s.kind)).map((s) => `${s.name} ${s.kind}`);
    expect(others).toEqual(['Account class', 'Shape interface', 'Id type', 'Color enum', 'api variable']);
    const go = await parser.findSymbols('go', fixture('sample.go'));
    expect(go.filter((s) => s.kind !== 'method' && s.kind !== 'function' && s.kind !== 'arrow').map((s) => `${s.name} ${s.kind} ${s.exported}`)).toEqual([
      'Account type true',
      'Shape interface true',
      'Limit variable true',
      'other variable false',
    ]);
  });

  it('gives nothing, not an error, for a language without a grammar, a broken text or a huge one', async () => {
    expect(parser.supports('rust')).toBe(false);
    expect(await parser.findFunctions('rust', 'fn main() {}')).toEqual([]);
    expect(await parser.findFunctions('typescript', 'function (((( {')).toEqual([]);
    expect(await parser.findFunctions('typescript', 'x'.repeat(MAX_PARSE_CHARS + 1))).toEqual([]);
  });

  it('still finds the complete functions of a file with a syntax error elsewhere', async () => {
    const fns = await parser.findFunctions('typescript', 'function ok(a: number) {\n  return a;\n}\nconst broken = (;\n');
    expect(fns.map((f) => f.name)).toContain('ok');
  });

  it('survives nesting deeper than its walk goes', async () => {
    const deep = `${'function f() {\n'.repeat(400)}${'}\n'.repeat(400)}`;
    const fns = await parser.findFunctions('javascript', deep);
    expect(fns.length).toBeGreaterThan(10);
    expect(fns.length).toBeLessThan(400);
  });

  it('counts columns in UTF-16 code units, as the editor does', async () => {
    const [fn] = await parser.findFunctions('typescript', 'const s = "é😀"; function f() {}');
    expect(fn.range.start).toEqual({ line: 0, column: 17 });
  });
});
