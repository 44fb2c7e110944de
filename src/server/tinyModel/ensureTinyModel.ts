import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateModel } from '../engine/validateModel';
import { buildTinyModel, DEFAULT_TINY_SPEC, tinyModelHash, type TinyModelSpec } from './tinyModel';

export function defaultTinyCacheDir(): string {
  return join(tmpdir(), 'flint-cache');
}

/**
 * The path of the tiny model for `spec`, generated and validated on first use. A sidecar
 * `.ok` file records that this exact file loaded in a child process.
 */
export async function ensureTinyModel(
  cacheDir = defaultTinyCacheDir(),
  spec: TinyModelSpec = DEFAULT_TINY_SPEC,
  log: (message: string) => void = () => undefined,
): Promise<string> {
  const path = join(cacheDir, `tiny-${tinyModelHash(spec)}.gguf`);
  const marker = `${path}.ok`;
  if (existsSync(path) && existsSync(marker)) return path;
  await mkdir(cacheDir, { recursive: true });
  log(`generating tiny model ${path}`);
  // Write then rename, so a concurrent reader never sees half a file.
  const partial = `${path}.${process.pid}.tmp`;
  await writeFile(partial, buildTinyModel(spec));
  await rename(partial, path);
  await validateModel(path);
  await writeFile(marker, new Date().toISOString());
  return path;
}
