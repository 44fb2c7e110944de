import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodeParser, installedParserFiles } from '../../../src/code/codeParser';
import { SymbolIndex } from '../../../src/code/symbolIndex';
import { createToolbox } from '../../../src/tasks/tools/createToolbox';
import { indexDefinitions } from '../../../src/tasks/tools/indexDefinitions';
import { spawnProcess } from '../../../src/tests/spawnProcess';
import { localEnvironment, tempWorkspace } from '../taskHarness';

describe('find_symbol with the symbol index', () => {
  it('adds what the index knows that the search of the working copy misses, and keeps secret files out', async () => {
    const parser = await CodeParser.load(installedParserFiles(join(__dirname, '../../..')), () => 0);
    const index = new SymbolIndex(parser);
    // The index read the user's file; the working copy holds another text of it (the task changed it).
    const shapes = 'export default class Shapes {}\nexport const area = (w: number) =>\n  w * w;\n';
    await index.update('src/shapes.ts', 'typescript', shapes, 1);
    await index.update('.env.ts', 'typescript', 'export const area = 1;\n', 1);
    const root = await tempWorkspace({ 'src/shapes.ts': 'export default class Shapes {}\n' });
    const box = createToolbox({ env: localEnvironment(root), run: spawnProcess, definitions: indexDefinitions(index) });
    const r = await box.run('find_symbol', JSON.stringify({ name: 'area', kind: 'definitions' }), new AbortController().signal);
    expect(r.ok).toBe(true);
    expect(r.output).toBe('src/shapes.ts:2: const area = (w: number) => (from the index; the line may have moved)');
    expect(r.output).not.toContain('.env.ts');
  });
});
