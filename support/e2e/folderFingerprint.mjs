// What a folder holds, to tell whether anything in it changed: each file's content hash and
// modification time.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Content hash and modification time of every file of the folder, by relative path. */
export function fingerprint(root, rel = '', out = new Map()) {
  for (const e of readdirSync(join(root, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) fingerprint(root, r, out);
    else if (e.isFile()) out.set(r, `${createHash('sha1').update(readFileSync(join(root, r))).digest('hex')} ${statSync(join(root, r)).mtimeMs}`);
  }
  return out;
}

/** The paths whose fingerprint differs between `a` and `b` (added, removed or changed). */
export const touched = (a, b) => [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k));
