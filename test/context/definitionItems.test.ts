import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CodeParser, installedParserFiles } from '../../src/code/codeParser';
import { definitionText, oneLine } from '../../src/context/definitionItems';
import { SymbolIndex } from '../../src/code/symbolIndex';

const RESPONSE = `/** A response. */
export class Response<T> {
  constructor(
    /**
     * The original event object from the raw event, kept for those who need more than the
     * parsed body: headers, timings and the rest of what the transport reported.
     */
    public readonly originalEvent: ProgressEvent,
    // The request, as it was sent.
    public readonly request: Request,
  ) {}
  read(): T { return undefined as T; }
}
`;

let index: SymbolIndex;
beforeAll(async () => {
  index = new SymbolIndex(await CodeParser.load(installedParserFiles(join(__dirname, '../..')), () => 0));
  await index.update('src/response.ts', 'typescript', RESPONSE, 1);
});

describe('definitionText', () => {
  it('lists a class\u2019s members one line each, without the comments documenting their parameters', () => {
    const symbol = index.outline('src/response.ts')!.symbols.find((s) => s.name === 'Response')!;
    const text = definitionText(index, 'src/response.ts', symbol, true);
    expect(text).toContain('  constructor(public readonly originalEvent: ProgressEvent, public readonly request: Request,)');
    expect(text).toContain('  read(): T');
    expect(text).not.toMatch(/original event object|as it was sent/);
  });
});

describe('oneLine', () => {
  it('joins a signature\u2019s lines and drops its comments (Python\u2019s too), code after them kept', () => {
    expect(oneLine('f(\n  a: string, // the name\n  /* the count */ b: number,\n)')).toBe('f(a: string, b: number,)');
    expect(oneLine('def f(\n    a,  # the name\n    b,\n)', true)).toBe('def f(a, b,)');
    // A URL in a default value is no comment.
    expect(oneLine("f(url = 'http://x')")).toBe("f(url = 'http://x')");
  });

  it('cuts what stays too long with an ellipsis', () => {
    const long = oneLine(`f(${Array.from({ length: 40 }, (_, i) => `p${i}: number`).join(', ')})`);
    expect(long.length).toBe(160);
    expect(long.endsWith('…')).toBe(true);
  });
});
