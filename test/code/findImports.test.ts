import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CodeParser, installedParserFiles } from '../../src/code/codeParser';

/** A clock that stands still: how busy the machine is must not decide what a fixture parses to. */
const stillClock = () => 0;

let parser: CodeParser;
beforeAll(async () => {
  parser = await CodeParser.load(installedParserFiles(join(__dirname, '../..')), stillClock);
});

const imports = async (languageId: string, text: string) => (await parser.outline(languageId, text))!.imports;
const bindings = async (languageId: string, text: string) => (await imports(languageId, text)).bindings.map((b) => `${b.local}=${b.module}:${b.imported}`);

describe('findImports', () => {
  it('reads ES imports (default, named, aliased, namespace, type-only), import = require and CommonJS require', async () => {
    const text = [
      "import D, { a, b as c } from './x';",
      "import * as ns from '../y';",
      "import type { T } from './t';",
      "import './side';",
      "import eq = require('./eq');",
      "const r = require('./r');",
      "const { q, w: v } = require('./q');",
      "const notImport = compute('./z');",
    ].join('\n');
    expect(await bindings('typescript', text)).toEqual(['D=./x:default', 'a=./x:a', 'c=./x:b', 'ns=../y:*', 'T=./t:T', 'eq=./eq:*', 'r=./r:*', 'q=./q:q', 'v=./q:w']);
    expect((await imports('typescript', text)).bindings[6].line).toBe(5);
  });

  it('gives each binding the lines of its whole statement', async () => {
    const ts = await imports('typescript', "import {\n  a,\n  b,\n} from './x';\nimport c from './c';");
    expect(ts.bindings.map((b) => `${b.local}:${b.line}-${b.endLine}`)).toEqual(['a:0-3', 'b:0-3', 'c:4-4']);
    const py = await imports('python', 'from .base import (\n    A,\n    B,\n)\nimport os');
    expect(py.bindings.map((b) => `${b.local}:${b.line}-${b.endLine}`)).toEqual(['A:0-3', 'B:0-3', 'os:4-4']);
  });

  it('reads re-exports, named and starred', async () => {
    const re = await imports('typescript', "export { e, f as g } from './z';\nexport * from './w';\nexport * as nsx from './v';\nexport const local = 1;");
    expect(re.reexports).toEqual([
      { module: './z', names: [{ exported: 'e', imported: 'e' }, { exported: 'g', imported: 'f' }] },
      { module: './w' },
      { module: './v', names: [{ exported: 'nsx', imported: '*' }] },
    ]);
  });

  it('reads Python imports, relative ones and those inside try and if blocks', async () => {
    const text = [
      'import os.path as p, sys',
      'import xml.etree',
      'from . import events, futures as f',
      'from .base import (A, B as C)',
      'from ..pkg.mod import *',
      'try:',
      '    from ._speedups import fast',
      'except ImportError:',
      '    fast = None',
    ].join('\n');
    expect(await bindings('python', text)).toEqual([
      'p=os.path:*',
      'sys=sys:*',
      'xml=xml:*',
      'events=.:events',
      'f=.:futures',
      'A=.base:A',
      'C=.base:B',
      '*=..pkg.mod:*',
      'fast=._speedups:fast',
    ]);
  });

  it('reads Go imports, named by their last path element unless aliased; blank imports bind nothing', async () => {
    const text = 'package p\nimport "fmt"\nimport (\n  alias "a/b"\n  . "c/d"\n  _ "e"\n  "net/http"\n)';
    expect(await bindings('go', text)).toEqual(['fmt=fmt:*', 'alias=a/b:*', '.=c/d:*', 'http=net/http:*']);
  });

  it('marks the default export', async () => {
    const { symbols } = (await parser.outline('typescript', 'export default function main() {}\nexport function other() {}'))!;
    expect(symbols.map((s) => `${s.name}:${s.isDefault ?? false}`)).toEqual(['main:true', 'other:false']);
  });
});
