import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layering rule through the project's own lint configuration, on code given as text.
const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import '${source}';\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'flint/layers').map((m) => m.message);
}

describe('lint: the layering rule', () => {
  it('lets only src/vscode/ and src/extension.ts import vscode', async () => {
    expect(await layerErrors('src/vscode/x.ts', 'vscode')).toEqual([]);
    expect(await layerErrors('src/extension.ts', 'vscode')).toEqual([]);
    expect(await layerErrors('src/chat/x.ts', 'vscode')).toEqual([expect.stringContaining('only src/vscode/ and src/extension.ts import vscode')]);
    expect(await layerErrors('test/chat/x.test.ts', 'vscode')).toHaveLength(1);
  });

  it('keeps the local endpoint to src/server/ and src/protocol/', async () => {
    expect(await layerErrors('src/server/http/x.ts', '../apiError')).toEqual([]);
    expect(await layerErrors('src/server/http/x.ts', '../../protocol/responsesSchemas')).toEqual([]);
    expect(await layerErrors('src/server/x.ts', 'zod')).toEqual([]);
    expect(await layerErrors('src/server/http/x.ts', '../../transport/modelClient')).toEqual([expect.stringContaining('move a shared pure module to src/protocol/')]);
  });

  it('keeps the extension from importing the endpoint', async () => {
    expect(await layerErrors('src/chat/x.ts', '../server/startEndpoint')).toHaveLength(1);
    expect(await layerErrors('src/vscode/x.ts', '../server/main')).toHaveLength(1);
    expect(await layerErrors('src/chat/x.ts', '../protocol/chatChunk')).toEqual([]);
  });

  it('lets webviews import only the message protocol and pure helpers', async () => {
    expect(await layerErrors('media/chat/x.ts', '../../src/chat/chatProtocol')).toEqual([]);
    expect(await layerErrors('media/chat/markdown/x.ts', './blocks')).toEqual([]);
    expect(await layerErrors('media/chat/x.ts', '../../src/chat/chatSession')).toEqual([expect.stringContaining('message-protocol types and pure helpers')]);
    expect(await layerErrors('media/chat/x.ts', 'node:fs')).toHaveLength(1);
  });

  it('keeps test doubles out of benchmarks', async () => {
    expect(await layerErrors('bench/x.ts', '../src/router/route')).toEqual([]);
    expect(await layerErrors('bench/x.ts', '../test/support/fakeModelClient')).toEqual([expect.stringContaining('no test doubles')]);
    expect(await layerErrors('bench/x.ts', '../test/edits/fakeModel')).toHaveLength(1);
    expect(await layerErrors('test/chat/x.test.ts', '../support/fakeModelClient')).toEqual([]);
  });
});
