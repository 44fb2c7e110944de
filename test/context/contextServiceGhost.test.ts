// Ghost text's context in a test file, as real projects write them: callbacks full of `const
// result`, the same local declared again and again, comments above locals, and the classes the
// lines need imported from files never opened. Only what the model does not have is sent.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CodeParser, installedParserFiles } from '../../src/code/codeParser';
import { ContextService, type ContextRequest } from '../../src/context/contextService';
import { maskSecrets } from '../../src/privacy/secretScan';
import { ghostVisible } from '../../src/context/surfaceBudgets';
import { SymbolIndex } from '../../src/code/symbolIndex';

const LEDGER = `/** A book of amounts, in cents. */
export class Ledger {
  constructor(private readonly currency: Currency) {}
  /** Records one entry. */
  record(entry: Entry): void {}
  total(): number { return 0; }
}
export interface Entry {
  cents: number;
  memo: string;
}
export type Currency = 'EUR' | 'USD';
`;
const AUTH = `export function verifyToken(token: string, key: string): Claims { return {} as Claims; }
export interface Claims { sub: string; exp: number }
export const SAMPLE = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
`;
/** A test file: far above the cursor a helper of its own; every block declares `result` again. */
const block = (i: number) => `  it('records ${i}', () => {
    // the result of recording
    const result = new Ledger('EUR');
    let count = ${i};
    result.record({ cents: count, memo: 'x' });
    expect(result.total()).toBe(${i});
  });
`;
const TEST = [
  "import { Ledger } from '../src/ledger';",
  "import { verifyToken, SAMPLE } from '../src/auth';",
  '',
  'export function makeLedger(): Ledger {',
  "  return new Ledger('EUR');",
  '}',
  ...Array.from({ length: 60 }, () => '// padding between the helper and the tests'),
  "describe('ledger', () => {",
  ...Array.from({ length: 12 }, (_, i) => block(i)).join('').split('\n'),
  "  it('verifies', () => {",
  '    const claims = verifyToken(',
  '  });',
  '});',
];

let index: SymbolIndex;
beforeAll(async () => {
  const parser = await CodeParser.load(installedParserFiles(join(__dirname, '../..')), () => 0);
  index = new SymbolIndex(parser);
  const files: Record<string, string> = { 'src/ledger.ts': LEDGER, 'src/auth.ts': AUTH, 'test/ledger.test.ts': TEST.join('\n') };
  for (const path of Object.keys(files)) index.notePath(path);
  for (const [path, text] of Object.entries(files)) await index.update(path, 'typescript', text, 1);
});

const cursor = TEST.findIndex((l) => l.includes('verifyToken(') && l.includes('const claims'));
const request = (tokenBudget: number, line = cursor): ContextRequest => ({
  surface: 'ghost',
  path: 'test/ledger.test.ts',
  lines: TEST,
  focus: { start: line, end: line + 1 },
  visible: ghostVisible(TEST, line, tokenBudget),
  tokenBudget,
});
const service = () => new ContextService({ index, allowed: () => true, mask: maskSecrets });

describe('ghost text context in a test file', () => {
  it('indexes no variable of a callback: they are locals', () => {
    const names = index.outline('test/ledger.test.ts')!.symbols.map((s) => s.name);
    expect(names).toContain('makeLedger');
    expect(names).not.toContain('result');
    expect(names).not.toContain('count');
  });

  it('sends the imported class and function, masked where they hold a token, and none of the file\u2019s own locals', () => {
    const block = service().build(request(4096));
    expect(block.text).toContain('\nclass Ledger\n');
    expect(block.text).toContain('record(entry: Entry): void');
    expect(block.text).toContain('function verifyToken(token: string, key: string): Claims');
    expect(block.text).toContain('interface Claims');
    expect(block.text).not.toMatch(/const result|let count|the result of recording/);
    expect(block.text).toContain("SAMPLE = '[masked: a JSON Web Token]'");
    expect(block.text).not.toContain('eyJhbGci');
    expect(block.masked).toEqual(['a JSON Web Token']);
    // Each text once.
    const texts = block.items.map((i) => i.text);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('leaves out the file\u2019s own definitions in the window the prompt holds, and sends them when they are outside it', () => {
    const wide = ghostVisible(TEST, cursor, 4096);
    expect(wide.start).toBeLessThanOrEqual(3); // the whole test file fits a 4,096-token prompt
    expect(service().build(request(4096)).text).not.toContain('function makeLedger');
    const narrow = ghostVisible(TEST, cursor, 512);
    expect(narrow.start).toBeGreaterThan(5);
    expect(service().build(request(512)).items.map((i) => i.key)).toContain('definitions:test/ledger.test.ts:3:makeLedger');
  });

  it('ranks the definitions of imported names in use before the file\u2019s own names farther away', () => {
    const keys = service().build(request(512)).items.map((i) => i.key);
    const at = (name: string) => keys.findIndex((k) => k.endsWith(`:${name}`));
    expect(at('verifyToken')).toBeGreaterThanOrEqual(0);
    expect(at('verifyToken')).toBeLessThan(at('makeLedger'));
  });
});

describe('the same text twice', () => {
  it('is sent once, from the nearest of the sources that give it', () => {
    const item = (path: string, distance: number) => ({ source: 'viewed' as const, path, text: 'export const shared = 1;', distance, ageMs: 0, uses: 1, key: `viewed:${path}` });
    const block = new ContextService({ index, allowed: () => true, mask: maskSecrets, viewed: () => [item('src/a.ts', 9), item('src/b.ts', 2)] }).build(request(4096));
    const viewed = block.items.filter((i) => i.source === 'viewed');
    expect(viewed.map((i) => i.path)).toEqual(['src/b.ts']);
  });
});

describe('ghostVisible', () => {
  const lines = Array.from({ length: 1000 }, () => 'x'.repeat(39)); // 40 characters a line with its break

  it('holds the lines the prompt\u2019s prefix and suffix hold with the snippets\u2019 share full', () => {
    // 1,000 tokens: 4,000 characters; the suffix 20 % (20 lines), the prefix 75 % less the suffix (55 lines).
    expect(ghostVisible(lines, 500, 1000)).toEqual({ start: 446, end: 521 });
    // Near the end of the file the suffix is short: the prefix holds more.
    expect(ghostVisible(lines, 995, 1000)).toEqual({ start: 925, end: 1000 });
  });

  it('stops at the file\u2019s edges', () => {
    expect(ghostVisible(lines, 3, 100_000)).toEqual({ start: 0, end: 1000 });
    expect(ghostVisible([], 0, 1000)).toEqual({ start: 0, end: 1 });
  });
});
