import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The function-length limit through the project's own lint configuration, on code given as text.
const eslint = new ESLint({ cwd: process.cwd() });

async function lengthErrors(filePath: string, bodyLines: number): Promise<string[]> {
  const body = Array.from({ length: bodyLines }, (_, i) => `  n += ${i};`).join('\n');
  const [result] = await eslint.lintText(`export function f(n: number): number {\n${body}\n  return n;\n}\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'max-lines-per-function').map((m) => m.message);
}

describe('lint: function length', () => {
  it('refuses a function over 80 lines in src/', async () => {
    expect(await lengthErrors('src/chat/x.ts', 77)).toEqual([]);
    expect(await lengthErrors('src/chat/x.ts', 78)).toEqual([expect.stringContaining('Maximum allowed is 80')]);
    expect(await lengthErrors('src/vscode/chat/x.ts', 200)).toHaveLength(1);
  });

  it('leaves tests and benchmarks alone', async () => {
    expect(await lengthErrors('test/chat/x.test.ts', 200)).toEqual([]);
    expect(await lengthErrors('bench/x.ts', 200)).toEqual([]);
  });
});
