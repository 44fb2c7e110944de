import { delimiter, isAbsolute, join, relative } from 'node:path';

/** Variables naming one folder that a command writes into (an active virtualenv is where a bare `pip install` goes). */
const FOLDER_VARIABLES = ['VIRTUAL_ENV'];

/**
 * The variables of `env` to override for a command run in a working copy: PATH entries and
 * VIRTUAL_ENV that point into the user's folder point to the copy's counterpart instead. The
 * editor's environment often has the project's virtualenv active (its `bin` first on PATH); left
 * so, `pip install` in the copy would run the user's pip and install into the user's virtualenv.
 * In the copy the same path is the copy's (linked, or an empty folder once installs begin).
 */
export function copyEnvironment(env: Readonly<Record<string, string | undefined>>, folder: string, root: string): Record<string, string> {
  const moved = (p: string) => {
    const rel = relative(folder, p);
    const inside = p !== '' && isAbsolute(p) && !rel.startsWith('..') && !isAbsolute(rel);
    return inside ? join(root, rel) : p;
  };
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) continue;
    // Windows spells it Path.
    const next = /^path$/i.test(key) ? value.split(delimiter).map(moved).join(delimiter) : FOLDER_VARIABLES.includes(key) ? moved(value) : value;
    if (next !== value) out[key] = next;
  }
  return out;
}
