import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LAYERS } from '../../scripts/layersRule.mjs';

// The layering rule through the project's own lint configuration, on code given as text.
const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import '${source}';\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'flint/layers').map((m) => m.message);
}

describe('lint: the layering rule', () => {
  it('lets only src/vscode/ and src/extension.ts import vscode', async () => {
    expect(await layerErrors('src/vscode/chat/x.ts', 'vscode')).toEqual([]);
    expect(await layerErrors('src/extension.ts', 'vscode')).toEqual([]);
    expect(await layerErrors('src/chat/x.ts', 'vscode')).toEqual([expect.stringContaining('only src/vscode/ and src/extension.ts import vscode')]);
    expect(await layerErrors('test/chat/x.test.ts', 'vscode')).toHaveLength(1);
    // Extensions that run in the editor for end-to-end tests and benches, not Flint's code.
    expect(await layerErrors('support/e2e/baseline-extension/extension.js', 'vscode')).toEqual([]);
    expect(await layerErrors('support/until.mjs', 'vscode')).toHaveLength(1);
  });

  it('keeps the local endpoint to src/server/ and src/protocol/', async () => {
    expect(await layerErrors('src/server/http/x.ts', '../apiError')).toEqual([]);
    expect(await layerErrors('src/server/http/x.ts', '../../protocol/responsesSchemas')).toEqual([]);
    expect(await layerErrors('src/server/x.ts', 'zod')).toEqual([]);
    expect(await layerErrors('src/server/http/x.ts', '../../transport/modelClient')).toEqual([expect.stringContaining('move a shared pure module to src/protocol/')]);
  });

  it('keeps the extension from importing the endpoint', async () => {
    expect(await layerErrors('src/chat/x.ts', '../server/startEndpoint')).toHaveLength(1);
    expect(await layerErrors('src/vscode/chat/x.ts', '../../server/main')).toHaveLength(1);
    expect(await layerErrors('src/chat/x.ts', '../protocol/chatChunk')).toEqual([]);
  });

  it('lets webviews import only the message protocol and pure helpers', async () => {
    expect(await layerErrors('media/chat/x.ts', '../../src/chat/chatProtocol')).toEqual([]);
    expect(await layerErrors('media/chat/markdown/x.ts', './blocks')).toEqual([]);
    expect(await layerErrors('media/chat/x.ts', '../../src/chat/chatSession')).toEqual([expect.stringContaining('message-protocol types and pure helpers')]);
    expect(await layerErrors('media/chat/x.ts', 'node:fs')).toHaveLength(1);
  });

  it('keeps what tests and benchmarks share free of tests', async () => {
    expect(await layerErrors('support/x.ts', '../src/log/logger')).toEqual([]);
    expect(await layerErrors('support/x.ts', '../test/support/fakeClock')).toEqual([expect.stringContaining('imports nothing from test/')]);
    expect(await layerErrors('test/completions/x.test.ts', '../../support/completionRequestLog')).toEqual([]);
    expect(await layerErrors('src/completions/x.ts', '../../support/completionRequestLog')).toEqual([expect.stringContaining('product code imports nothing')]);
  });

  it('keeps test doubles out of benchmarks', async () => {
    expect(await layerErrors('bench/x.ts', '../src/router/route')).toEqual([]);
    expect(await layerErrors('bench/x.ts', '../test/support/fakeModelClient')).toEqual([expect.stringContaining('no test doubles')]);
    expect(await layerErrors('bench/x.ts', '../test/edits/fakeModel')).toHaveLength(1);
    expect(await layerErrors('test/chat/x.test.ts', '../support/fakeModelClient')).toEqual([]);
  });

  it('keeps benchmarks out of test/: what they share with tests lives in support/', async () => {
    expect(await layerErrors('bench/e2e.mjs', '../support/e2e/browser.mjs')).toEqual([]);
    expect(await layerErrors('bench/e2e.mjs', '../test/e2e/run.mjs')).toEqual([expect.stringContaining('benchmarks import nothing from test/')]);
    expect(await layerErrors('bench/x.ts', '../test/completions/helpers')).toEqual([expect.stringContaining('benchmarks import nothing from test/')]);
  });

  it('lets a layer import only the rows below it', async () => {
    expect(await layerErrors('src/extension.ts', './vscode/status/statusBar')).toEqual([]);
    expect(await layerErrors('src/vscode/completions/x.ts', '../../completions/completionEngine')).toEqual([]);
    expect(await layerErrors('src/edits/x.ts', '../rewrite/rewriteFeed')).toEqual([]);
    expect(await layerErrors('src/transport/ws/x.ts', '../../protocol/readResponsesEvent')).toEqual([]);
    expect(await layerErrors('src/transport/ws/x.ts', '../modelClient')).toEqual([]);
    expect(await layerErrors('src/transport/clientFactory.ts', '../completions/completionPrompt')).toEqual([expect.stringContaining('layers import downward only')]);
    expect(await layerErrors('src/transport/ws/x.ts', '../../router/route')).toEqual([expect.stringContaining('src/transport is below src/router')]);
    expect(await layerErrors('src/log/x.ts', '../metrics/timingMarks')).toHaveLength(1);
    expect(await layerErrors('src/chat/x.ts', '../services')).toEqual([]);
    expect(await layerErrors('src/services.ts', './vscode/shared/createServices')).toHaveLength(1);
  });

  it('keeps features from importing each other: a shared piece moves down', async () => {
    expect(await layerErrors('src/completions/x.ts', '../variants/variantApproaches')).toEqual([expect.stringContaining('siblings in one layer')]);
    expect(await layerErrors('src/review/x.ts', '../edits/editSession')).toHaveLength(1);
    expect(await layerErrors('src/context/x.ts', '../transport/modelClient')).toHaveLength(1);
  });

  it('keeps code parsing and privacy below the prompt context, apart from each other', async () => {
    expect(await layerErrors('src/context/x.ts', '../code/symbolIndex')).toEqual([]);
    expect(await layerErrors('src/context/x.ts', '../privacy/secretScan')).toEqual([]);
    expect(await layerErrors('src/code/x.ts', '../context/contextItem')).toEqual([expect.stringContaining('layers import downward only')]);
    expect(await layerErrors('src/privacy/x.ts', '../code/codeParser')).toEqual([expect.stringContaining('siblings in one layer')]);
  });

  it('lets background tasks use the features and no feature use tasks', async () => {
    expect(await layerErrors('src/tasks/x.ts', '../tests/runnerCommand')).toEqual([]);
    expect(await layerErrors('src/tasks/x.ts', '../edits/editSession')).toEqual([]);
    expect(await layerErrors('src/tests/x.ts', '../tasks/changeSet')).toEqual([expect.stringContaining('layers import downward only')]);
    expect(await layerErrors('src/tasks/x.ts', '../vscode/status/statusBar')).toHaveLength(1);
  });

  it('lets nothing under src/ but extension.ts import src/vscode/', async () => {
    expect(await layerErrors('src/completions/x.ts', '../vscode/status/statusBar')).toEqual([expect.stringContaining('only src/extension.ts imports src/vscode/')]);
    expect(await layerErrors('src/events/x.ts', '../vscode/status/statusBar')).toHaveLength(1);
    expect(await layerErrors('src/vscode/status/x.ts', './statusBar')).toEqual([]);
  });

  it("keeps each feature's adapters in its wing, importing its own wing and the shared adapters only", async () => {
    expect(await layerErrors('src/vscode/tests/x.ts', './testsExplorer')).toEqual([]);
    expect(await layerErrors('src/vscode/tests/x.ts', '../shared/editTarget')).toEqual([]);
    expect(await layerErrors('src/vscode/tests/x.ts', '../../tests/testLedger')).toEqual([]);
    expect(await layerErrors('src/vscode/tests/x.ts', '../edits/editController')).toEqual([expect.stringContaining("different features' adapters")]);
    expect(await layerErrors('src/vscode/tasks/x.ts', '../review/reviewDiagnostics')).toHaveLength(1);
    expect(await layerErrors('src/vscode/shared/x.ts', '../context/contextHub')).toEqual([expect.stringContaining('the shared adapters serve every wing and import none')]);
    expect(await layerErrors('src/extension.ts', './vscode/edits/editCommands')).toEqual([]);
    // Upward still: an adapter does not reach the composition root.
    expect(await layerErrors('src/vscode/chat/x.ts', '../../extension')).toEqual([expect.stringContaining('src/vscode is below src/extension')]);
  });

  it('refuses an adapter outside a wing, or in a folder named after no feature', async () => {
    expect(await layerErrors('src/vscode/x.ts', 'vscode')).toEqual([expect.stringContaining('editor adapters live in wings')]);
    expect(await layerErrors('src/vscode/x.ts', './shared/editTarget')).toHaveLength(1);
    expect(await layerErrors('src/vscode/misc/x.ts', 'vscode')).toEqual([expect.stringContaining('src/vscode/misc/ is not a wing')]);
    expect(await layerErrors('src/vscode/server/x.ts', 'vscode')).toHaveLength(1);
  });

  it('asks for a folder missing from the table to be placed in it', async () => {
    expect(await layerErrors('src/newFolder/x.ts', '../log/logger')).toEqual([expect.stringContaining('not in the layer table')]);
    expect(await layerErrors('src/chat/x.ts', '../newFolder/y')).toEqual([expect.stringContaining('not in the layer table')]);
  });

  it('places every folder and file of src/ (but the endpoint) in exactly one row', () => {
    const names = readdirSync('src').map((n) => n.replace(/\.ts$/, '')).filter((n) => n !== 'server');
    const placed = LAYERS.flat();
    expect([...names].sort()).toEqual([...placed].sort());
    expect(new Set(placed).size).toBe(placed.length);
  });
});
