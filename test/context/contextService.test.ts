import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CodeParser, installedParserFiles } from '../../src/code/codeParser';
import type { ContextItem } from '../../src/context/contextItem';
import { ContextService, type ContextRequest, type ContextServiceDeps } from '../../src/context/contextService';
import { UNUSED_IMPORT_DISTANCE } from '../../src/context/importedNames';
import { namesInPlay } from '../../src/context/namesInPlay';
import { languageIdOfPath } from '../../src/code/parserLanguages';
import { lookup, resolveDefinitions } from '../../src/context/resolveDefinitions';
import { maskSecrets } from '../../src/privacy/secretScan';
import { SymbolIndex } from '../../src/code/symbolIndex';
import { testContextItems } from '../../src/context/testContext';

/** A clock that stands still: how busy the machine is must not decide what a fixture parses to. */
const stillClock = () => 0;

const project = join(__dirname, '../fixtures/context/project');
const files = new Map<string, string>();
let index: SymbolIndex;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((e) => (statSync(join(dir, e)).isDirectory() ? walk(join(dir, e)) : [join(dir, e)]));
}

beforeAll(async () => {
  const parser = await CodeParser.load(installedParserFiles(join(__dirname, '../..')), stillClock);
  index = new SymbolIndex(parser);
  for (const full of walk(project)) {
    const path = relative(project, full);
    files.set(path, readFileSync(full, 'utf8'));
    index.notePath(path);
  }
  for (const [path, text] of files) await index.update(path, languageIdOfPath(path)!, text, 1);
});

const lines = (path: string) => files.get(path)!.split('\n');
const service = (over: Partial<ContextServiceDeps> = {}) =>
  new ContextService({ index, allowed: () => true, mask: maskSecrets, ...over });
const request = (over: Partial<ContextRequest> = {}): ContextRequest => ({
  surface: 'review',
  path: 'src/app.ts',
  lines: lines('src/app.ts'),
  focus: { start: 9, end: 11 },
  visible: { start: 5, end: 13 },
  ...over,
});

describe('resolveDefinitions', () => {
  const found = (path: string, from = 0, to = 99) => {
    const uses = namesInPlay(lines(path), from, to, { start: from, end: to });
    return resolveDefinitions(index, path, uses).map((d) => `${d.use.qualifier ? `${d.use.qualifier}.` : ''}${d.use.name} → ${d.path}:${d.symbol.name}`);
  };

  it('follows named, default, aliased and namespace imports, and re-exports through an index file', () => {
    const defs = found('src/app.ts', 6, 13);
    expect(defs).toContain('addCents → src/util/math.ts:addCents');
    expect(defs).toContain('format → src/util/math.ts:format'); // the default export
    // `export { addCents as plus }` in util/index: the same definition, found once.
    const plus = namesInPlay(lines('src/app.ts'), 10, 11, { start: 10, end: 11 }).find((u) => u.name === 'plus')!;
    expect(lookup(index, 'src/app.ts', plus).map((d) => `${d.path}:${d.symbol.name}`)).toEqual(['src/util/math.ts:addCents']);
    expect(defs).toContain('Ledger → src/util/math.ts:Ledger');
    const qualified = namesInPlay(lines('src/app.ts'), 10, 11, { start: 10, end: 11 }).find((u) => u.qualifier === 'math')!;
    expect(lookup(index, 'src/app.ts', qualified).map((d) => `${d.path}:${d.symbol.name}`)).toEqual(['src/util/math.ts:addCents']);
    expect(defs).toContain('Money → src/util/math.ts:Money');
  });

  it('follows Python relative module imports and a package that re-imports what it offers', () => {
    const defs = found('pkg/main.py');
    expect(defs).toContain('Square → pkg/shapes.py:Square'); // through pkg/__init__.py
    expect(defs).toContain('shapes.unit → pkg/shapes.py:unit');
  });

  it('follows the types in a found signature one step', () => {
    const uses = namesInPlay(lines('src/app.ts'), 10, 11, { start: 10, end: 11 });
    const defs = resolveDefinitions(index, 'src/app.ts', uses.filter((u) => u.name === 'format'), { typesOfSignatures: true });
    expect(defs.map((d) => `${d.symbol.name}:${d.hop}`)).toEqual(['format:0', 'Money:1']);
  });
});

describe('ContextService', () => {
  it('puts the signatures and doc comments of imported helpers into labelled sections', () => {
    const block = service().build(request());
    expect(block.text).toContain('## Definitions of names used here (from their files)');
    // One label per file; each definition with its doc comment.
    expect(block.text.match(/--- src\/util\/math\.ts\n/g)).toHaveLength(1);
    expect(block.text).toContain('/** Adds two amounts of money, in cents. */\nfunction addCents(a: number, b: number): number');
    // A short interface goes whole; a class with its members' signatures.
    expect(block.text).toContain('export interface Money {\n  cents: number;\n  currency: Currency;\n}');
    expect(block.text).toContain('class Ledger\n  record(entry: Money): void\n  total(): Money');
    // What the namespace import brings in beyond those: the rest of the module, a line each.
    expect(block.text).toContain("\ntype Currency = 'EUR' | 'USD';");
    expect(block.tokens).toBeGreaterThan(0);
  });

  it('drops what a denied file defines, and masks what looks like a secret, saying what it masked', () => {
    const all = service().build(request());
    expect(all.text).toContain('function secretHelper(x: number): number');
    expect(all.text).not.toContain('ghp_');
    // The token's declaration is still sent, its value masked: the model learns the name exists.
    expect(all.text).toContain("API_TOKEN = '[masked: a GitHub token]'");
    expect(all.masked).toEqual(['a GitHub token']);
    expect(service().build(request({ lines: lines('src/app.ts').map((l) => l.replace(/, API_TOKEN/, '')) })).masked).toEqual([]);
    const denied = service({ allowed: (p) => p !== 'src/secrets.ts' }).build(request());
    expect(denied.text).not.toContain('secretHelper');
    expect(denied.items.every((i) => i.path !== 'src/secrets.ts')).toBe(true);
  });

  it('leaves out definitions in the lines the prompt shows anyway', () => {
    const block = service().build(request({ path: 'pkg/shapes.py', lines: lines('pkg/shapes.py'), focus: { start: 11, end: 12 }, visible: { start: 0, end: 13 } }));
    expect(block.text).not.toContain('class Square');
    const narrow = service().build(request({ path: 'pkg/shapes.py', lines: lines('pkg/shapes.py'), focus: { start: 11, end: 12 }, visible: { start: 10, end: 13 } }));
    expect(narrow.text).toContain('class Square:');
  });

  it('ranks an imported name by its uses, not by its import line; one nothing uses yet at a fixed distance', () => {
    const unused = lines('src/app.ts').map((l) => l.replace('new Ledger()', 'null'));
    const items = service().candidates(request({ lines: unused, focus: { start: 12, end: 13 }, visible: { start: 12, end: 13 } }));
    const distance = (name: string) => items.find((i) => i.key.endsWith(`:${name}`))?.distance;
    expect(distance('Ledger')).toBe(UNUSED_IMPORT_DISTANCE);
    expect(distance('secretHelper')).toBe(1);
    expect(distance('addCents')).toBe(2); // `math.addCents` on line 10, not the import on line 1
  });

  it('gives ghost text and next edit the compact form: the doc comment\u2019s first sentence only', () => {
    const block = service().build(request({ surface: 'ghost', tokenBudget: 4096 }));
    expect(block.text).toContain('// Adds two amounts of money, in cents.\nfunction addCents(a: number, b: number): number');
  });

  it('takes the other sources into their sections, within the surface budget', () => {
    const item = (source: ContextItem['source'], text: string, path = 'src/other.ts'): ContextItem => ({ source, path, text, distance: 0, ageMs: 0, uses: 1, key: `${source}:${text}` });
    const block = service({
      diagnostics: () => [item('diagnostics', "error: Cannot find name 'totl'.", 'src/app.ts')],
      recentEdits: () => [item('edits', '@@ -3,1 +3,1 @@\n-a\n+b')],
      viewed: () => [item('viewed', 'const seen = 1;')],
    }).build(request({ surface: 'next-edit' }));
    expect(block.text).toContain("## Problems the editor reports near here\nsrc/app.ts: error: Cannot find name 'totl'.");
    expect(block.text).toContain('## Recent edits in other files\n--- src/other.ts\n@@ -3,1 +3,1 @@');
    expect(block.text).toContain('## Code recently viewed in other files\n--- src/other.ts\nconst seen = 1;');
    expect(block.tokens).toBeLessThanOrEqual(1536);
    // Review has no share for edits or viewed code.
    const review = service({ recentEdits: () => [item('edits', 'x')], viewed: () => [item('viewed', 'y')] }).build(request());
    expect(review.items.some((i) => i.source === 'edits' || i.source === 'viewed')).toBe(false);
  });
});

describe('ContextService: what holds the focus', () => {
  it('gives the signature of the function around the changed lines when the prompt starts below it, and not when it shows it', async () => {
    const lines = ['export class Cart {', '  /** Adds up. */', '  sum(a: number): number {', ...Array.from({ length: 30 }, (_, i) => `    const v${i} = a + ${i};`), '    return a;', '  }', '}'];
    await index.update('src/cart.ts', 'typescript', lines.join('\n'), 1);
    const below = service().build(request({ path: 'src/cart.ts', lines, focus: { start: 28, end: 29 }, visible: { start: 16, end: 35 } }));
    expect(below.items.filter((i) => i.key.startsWith('enclosing:')).map((i) => i.text)).toEqual(['class Cart\n  sum(a: number): number', '// Adds up.\nsum(a: number): number']);
    const shown = service().build(request({ path: 'src/cart.ts', lines, focus: { start: 28, end: 29 }, visible: { start: 0, end: 35 } }));
    expect(shown.items.some((i) => i.key.startsWith('enclosing:'))).toBe(false);
    index.forget('src/cart.ts');
  });
});

describe('testContextItems', () => {
  it('finds the existing tests of a function, the test file\u2019s imports and the fixtures above it', async () => {
    const read = async (path: string) => files.get(path);
    const items = await testContextItems(index, 'pkg/shapes.py', 'unit', read);
    expect(items.map((i) => `${i.path}:${i.line}`)).toEqual(['pkg/tests/test_shapes.py:0', 'pkg/tests/test_shapes.py:3', 'pkg/conftest.py:0']);
    expect(items[0].text).toBe('import pytest\n\nfrom pkg.shapes import Square, unit');
    expect(items[1].text).toContain('def test_unit_area():\n    assert unit().area() == 1');
    expect(items[2].text).toBe('@pytest.fixture\ndef big():\n    """A big square."""');
  });

  it('gives nothing for a test file it may not read', async () => {
    expect(await testContextItems(index, 'pkg/shapes.py', 'unit', async () => undefined)).toEqual([]);
  });
});
