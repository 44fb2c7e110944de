import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateModel } from '../../../src/server/engine/validateModel';
import { ensureTinyModel } from '../../../src/server/tinyModel/ensureTinyModel';
import { buildTinyModel, DEFAULT_TINY_SPEC } from '../../../src/server/tinyModel/tinyModel';
import { startEndpoint } from '../../../src/server/startEndpoint';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flint-validate-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('model validation in a child process', () => {
  it('rejects a truncated or garbage model with a clear error, and this process lives on', async () => {
    const truncated = join(dir, 'truncated.gguf');
    await writeFile(truncated, buildTinyModel({ ...DEFAULT_TINY_SPEC, embedding: 16, heads: 2, feedForward: 16, layers: 1 }).subarray(0, 5000));
    await expect(validateModel(truncated, 20_000)).rejects.toThrow(/cannot be loaded/);
    const garbage = join(dir, 'garbage.gguf');
    await writeFile(garbage, Buffer.from('GGUF\u0003\u0000\u0000\u0000not really a model'));
    // Some malformed headers make the loader spin rather than fail: the probe's deadline catches those.
    await expect(validateModel(garbage, 5000)).rejects.toThrow(/garbage\.gguf cannot be loaded/);
  }, 60_000);

  it('serves a user GGUF through the llama engine, and refuses a missing file', async () => {
    const modelPath = await ensureTinyModel();
    const endpoint = await startEndpoint({ engine: 'llama', modelPath });
    try {
      const res = await fetch(`${endpoint.httpUrl}/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'let x =', max_tokens: 12 }),
      });
      const body = await res.json();
      expect(body.usage.completion_tokens).toBe(12);
      expect(body.choices[0].finish_reason).toBe('length');
    } finally {
      await endpoint.close();
    }
    await expect(startEndpoint({ engine: 'llama', modelPath: join(dir, 'nope.gguf') })).rejects.toThrow(/not found/);
  }, 120_000);
});
