import { copyFileSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import type { ProcessRunner } from './processRunner';
import type { Framework, RunOutcome } from './testTypes';

/** A run of a test file that is shown nowhere (no Test Explorer entry, no ledger). */
export type AsideRun = (framework: Framework, testFile: string, signal: AbortSignal) => Promise<RunOutcome>;

/** A run of a test file against an earlier text of its source (runOnPrevious, bound to a runner). */
export type PreviousRun = (framework: Framework, testFile: string, source: string, previousText: string, signal: AbortSignal) => Promise<RunOutcome>;

/** Files larger than this are linked into the copy, not copied. */
const MAX_COPIED = 1_000_000;
/** Caches that must not be shared with the copy: what is built there from the older text would land in the project's. */
const NOT_SHARED = new Set(['__pycache__', '.pytest_cache']);

const inside = (root: string, path: string) => {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/**
 * Runs `testFile` as it is against `previousText` of `source`, in a temporary copy of the
 * project: the folders from the project folder down to the source and to the test file are real
 * folders with their files copied (so imports resolve inside the copy), everything else is
 * linked. The project itself is never touched; the copy is gone when the run ends.
 */
export async function runOnPrevious(framework: Framework, testFile: string, source: string, previousText: string, run: AsideRun, signal: AbortSignal): Promise<RunOutcome> {
  const root = framework.projectDir;
  if (!inside(root, source) || !inside(root, testFile)) return { tests: [], output: '', command: '', runnerMs: 0, error: 'the source or its tests are outside the project folder' };
  const copy = mkdtempSync(join(tmpdir(), 'flint-previous-'));
  try {
    const chain = new Set<string>(['']);
    for (const p of [source, testFile]) for (let d = relative(root, dirname(p)); d && d !== '.'; d = dirname(d) === '.' ? '' : dirname(d)) chain.add(d);
    for (const dir of chain) mirrorFolder(root, copy, dir, chain);
    writeFileSync(join(copy, relative(root, source)), previousText);
    return await run({ ...framework, projectDir: copy }, join(copy, relative(root, testFile)), signal);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** One folder of the chain: its files copied, its other folders linked, the chain's own folders left to their turn. */
function mirrorFolder(root: string, copy: string, dir: string, chain: Set<string>): void {
  const from = join(root, dir);
  const to = join(copy, dir);
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const rel = dir ? `${dir}${sep}${name}` : name;
    if (chain.has(rel) || NOT_SHARED.has(name)) continue;
    const stat = lstatSync(join(from, name));
    if (stat.isFile() && stat.size <= MAX_COPIED) copyFileSync(join(from, name), join(to, name));
    else symlinkSync(join(from, name), join(to, name));
  }
}

/** The committed text of a file (git's HEAD), or undefined when it has none or git is not there. */
export async function committedText(path: string, spawn: ProcessRunner, signal?: AbortSignal): Promise<string | undefined> {
  const name = path.split(/[\\/]/).pop()!;
  const r = await spawn({ argv: ['git', 'show', `HEAD:./${name}`], cwd: dirname(path), timeoutMs: 10_000, ...(signal ? { signal } : {}) });
  return r.code === 0 && !r.startError ? r.stdout : undefined;
}
