import { realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { TaskEnvironment } from '../taskEnvironment';

/** A tool's path problem, worded for the model (it reads it and can try another path). */
export class PathRefused extends Error {}

/**
 * The absolute path of a working-copy-relative path the model named, after the checks every tool
 * makes: relative, inside the working copy once `..` and symbolic links are followed, and not a
 * secret file by the deny list (checked on the path named and on where a link leads).
 */
export async function insidePath(env: TaskEnvironment, named: unknown): Promise<{ abs: string; rel: string }> {
  const { abs, rel, root } = namedPath(env, named);
  // Follow links on the longest part of the path that exists: a link may lead outside or to a secret.
  const realRoot = await realpath(root);
  let probe = abs;
  let rest = '';
  for (;;) {
    try {
      const real = join(await realpath(probe), rest);
      const realRel = toRel(realRoot, real);
      if (realRel === undefined) throw new PathRefused(`"${rel}" leads outside the workspace through a symbolic link: only files inside it can be used.`);
      if (realRel && env.isDenied(realRel)) throw new PathRefused(`"${rel}" leads to a secret file (Flint's deny list): it is never read or sent.`);
      return { abs, rel };
    } catch (err) {
      if (err instanceof PathRefused) throw err;
      const up = dirname(probe);
      if (up === probe) throw err;
      rest = rest ? join(probe.slice(up.length + 1), rest) : probe.slice(up.length + 1);
      probe = up;
    }
  }
}

/** The checks on the path as written (relative, inside, not deny-listed), before any link is followed. */
export function namedPath(env: Pick<TaskEnvironment, 'root' | 'isDenied'>, named: unknown): { abs: string; rel: string; root: string } {
  if (typeof named !== 'string' || !named.trim()) throw new PathRefused('A path is required (relative to the workspace root, e.g. "src/index.ts").');
  const raw = named.trim().replace(/\\/g, '/');
  if (isAbsolute(raw) || /^[A-Za-z]:/.test(raw)) throw new PathRefused(`"${named}" is absolute: give a path relative to the workspace root.`);
  const root = resolve(env.root);
  const abs = resolve(root, raw);
  const rel = toRel(root, abs);
  if (rel === undefined) throw new PathRefused(`"${named}" is outside the workspace: only files inside it can be used.`);
  if (rel && env.isDenied(rel)) throw new PathRefused(`"${rel}" is a secret file (Flint's deny list): it is never read or sent.`);
  return { abs, rel, root };
}

/** `abs` relative to `root` with forward slashes ('' for the root), or undefined outside it. */
export function toRel(root: string, abs: string): string | undefined {
  const r = relative(root, abs);
  if (r === '') return '';
  if (r.startsWith('..') && (r.length === 2 || r[2] === sep) || isAbsolute(r)) return undefined;
  return r.split(sep).join('/');
}
