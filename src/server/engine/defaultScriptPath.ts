import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RELATIVE = join('test', 'fixtures', 'scripted', 'default.json');

/** The repository's default fixture, found by walking up from this module (source or bundle). */
export function defaultScriptPath(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, RELATIVE);
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}
