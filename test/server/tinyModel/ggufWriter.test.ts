import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readGgufFileInfo } from 'node-llama-cpp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeGguf } from '../../../src/server/tinyModel/ggufWriter';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flint-gguf-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('writeGguf', () => {
  it('writes a GGUF v3 file an independent reader parses back', async () => {
    const file = writeGguf(
      {
        'general.architecture': { type: 'string', value: 'llama' },
        'test.count': { type: 'u32', value: 7 },
        'test.scale': { type: 'f32', value: 0.5 },
        'test.flag': { type: 'bool', value: true },
        'test.words': { type: 'string[]', value: ['a', 'ü', ''] },
        'test.ints': { type: 'i32[]', value: [-1, 2] },
      },
      [
        { name: 'a.weight', dims: [3], data: new Float32Array([1, 2, 3]) },
        { name: 'b.weight', dims: [2, 2], data: new Float32Array([4, 5, 6, 7]) },
      ],
    );
    expect(file.subarray(0, 4).toString('ascii')).toBe('GGUF');
    expect(file.readUInt32LE(4)).toBe(3);
    const path = join(dir, 'x.gguf');
    await writeFile(path, file);
    const info = await readGgufFileInfo(path, { logWarnings: false });
    expect(info.version).toBe(3);
    const meta = info.metadata as Record<string, any>;
    expect(meta.general.architecture).toBe('llama');
    expect(meta.test).toMatchObject({ count: 7, scale: 0.5, flag: true, words: ['a', 'ü', ''], ints: [-1, 2] });
    expect(info.tensorInfo!.map((t) => [t.name, t.dimensions.map(Number), Number(t.offset)])).toEqual([
      ['a.weight', [3], 0],
      ['b.weight', [2, 2], 32],
    ]);
    // Tensor data starts aligned and ends the file with the padded second tensor.
    const dataStart = file.length - 64;
    expect(dataStart % 32).toBe(0);
    expect(file.readFloatLE(dataStart + 32 + 12)).toBe(7);
  });

  it('refuses a tensor whose data does not fill its dims', () => {
    expect(() => writeGguf({}, [{ name: 't', dims: [2, 2], data: new Float32Array(3) }])).toThrow(/t: dims 2,2 need 4/);
  });
});
