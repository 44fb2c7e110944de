// The context benchmark's corpus: real multi-file packages nobody here wrote (TypeScript
// packages' own sources installed as dependencies, Python's standard library packages), indexed
// with the parser, and cut points inside their functions where the next lines use a name
// defined in another file of the same package.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { CodeParser } from '../src/code/codeParser';
import { findFunctions } from '../src/code/findFunctions';
import { namesInPlay } from '../src/context/namesInPlay';
import { languageIdOfPath } from '../src/code/parserLanguages';
import { lookup } from '../src/context/resolveDefinitions';
import { SymbolIndex, type Located } from '../src/code/symbolIndex';

export interface CorpusPackage {
  name: string;
  /** Folder the paths are relative to (so absolute Python imports resolve). */
  base: string;
  /** Folder of the package's own files, under `base`. */
  dir: string;
}

/** Lines of the true continuation whose names are looked up. */
export const NEXT_LINES = 3;

export function corpusPackages(root: string): CorpusPackage[] {
  const python = ['/usr/lib/python3.13', '/usr/lib/python3.12', '/usr/lib/python3.11'].find((p) => existsSync(join(p, 'asyncio')));
  const ts = (name: string, dir: string) => ({ name, base: join(root, 'node_modules'), dir });
  const py = (dir: string) => ({ name: `python:${dir}`, base: python!, dir });
  return [
    ts('openai', 'openai/src'),
    ts('zod', 'zod/src/v4'),
    ts('msal-common', '@azure/msal-common/src'),
    ts('cheerio', 'cheerio/src'),
    ...(python ? ['asyncio', 'email', 'importlib', 'unittest', 'concurrent/futures', 'http'].map(py) : []),
  ].filter((p) => existsSync(join(p.base, p.dir)));
}

export interface LoadedFile {
  path: string;
  languageId: string;
  text: string;
  lines: string[];
}

export interface Corpus {
  index: SymbolIndex;
  files: Map<string, LoadedFile>;
  packages: { pkg: CorpusPackage; paths: string[] }[];
}

const SKIP = /(^|\/)(__tests__|tests?|__pycache__|node_modules)\/|\.test\.|\.spec\.|\.d\.ts$|(^|\/)test_[^/]*\.py$/;

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const full = join(dir, entry);
    const st = statSync(full);
    if (st.isDirectory()) walk(full, out);
    else if (st.size < 400_000) out.push(full);
  }
  return out;
}

export async function loadCorpus(parser: CodeParser, packages: CorpusPackage[]): Promise<Corpus> {
  const index = new SymbolIndex(parser);
  const files = new Map<string, LoadedFile>();
  const loaded: Corpus['packages'] = [];
  for (const pkg of packages) {
    const paths: string[] = [];
    for (const full of walk(join(pkg.base, pkg.dir))) {
      const path = relative(pkg.base, full);
      const languageId = languageIdOfPath(path);
      if (!languageId || SKIP.test(path)) continue;
      const text = readFileSync(full, 'utf8').replace(/\r\n/g, '\n');
      files.set(path, { path, languageId, text, lines: text.split('\n') });
      paths.push(path);
      index.notePath(path);
    }
    loaded.push({ pkg, paths: paths.sort() });
  }
  for (const f of files.values()) await index.update(f.path, f.languageId, f.text, 1);
  return { index, files, packages: loaded };
}

/** One place to ask for context: the cursor at the start of `line`, before the next lines were typed. */
export interface Cut {
  file: LoadedFile;
  line: number;
  /**
   * Names of the true next lines defined in another file, each with its definitions, and
   * whether the rest of the file names it only in its imports (nothing else uses it yet).
   */
  targets: { name: string; definitions: Located[]; importedOnly: boolean }[];
}

/** Deterministic pseudo-random numbers, so every run cuts at the same points. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The definitions in other files of the names the lines `line`..`line+NEXT_LINES` use. */
export function targetsAt(index: SymbolIndex, file: LoadedFile, line: number): Cut['targets'] {
  const uses = namesInPlay(file.lines, line, line + NEXT_LINES, { start: line, end: line + NEXT_LINES });
  const out: Cut['targets'] = [];
  let elsewhere: Set<string> | undefined;
  for (const use of uses) {
    const definitions = lookup(index, file.path, use).filter((d) => d.path !== file.path);
    if (!definitions.length) continue;
    elsewhere ??= namesOutside(index, file, line);
    out.push({ name: use.qualifier ? `${use.qualifier}.${use.name}` : use.name, definitions, importedOnly: !elsewhere.has(use.qualifier ?? use.name) });
  }
  return out;
}

/** The names the file uses outside its import statements and the next lines at `line`. */
function namesOutside(index: SymbolIndex, file: LoadedFile, line: number): Set<string> {
  const skip = new Set<number>();
  for (const b of index.outline(file.path)?.imports.bindings ?? []) for (let l = b.line; l <= b.endLine; l++) skip.add(l);
  for (let l = line; l < line + NEXT_LINES; l++) skip.add(l);
  return new Set(namesInPlay(file.lines, 0, file.lines.length, { start: line, end: line + 1 }, skip).map((u) => u.name));
}

/** Up to `perPackage` cuts in each package, inside function bodies, where a target exists. */
export async function cutPoints(corpus: Corpus, parser: CodeParser, perPackage: number, seed = 25): Promise<Cut[]> {
  const random = mulberry32(seed);
  const cuts: Cut[] = [];
  for (const { paths } of corpus.packages) {
    const candidates: Cut[] = [];
    for (const path of paths) {
      const file = corpus.files.get(path)!;
      const lines = await parser.withTree(file.languageId, file.text, (tree, grammar) => findFunctions(tree.rootNode, grammar));
      const bodyLines = new Set<number>();
      for (const fn of lines ?? []) for (let l = fn.bodyRange.start.line + 1; l + NEXT_LINES <= fn.bodyRange.end.line; l++) bodyLines.add(l);
      for (const line of bodyLines) {
        if (file.lines[line].trim() === '') continue;
        const targets = targetsAt(corpus.index, file, line);
        if (targets.length) candidates.push({ file, line, targets });
      }
    }
    // A fixed-seed shuffle, then the first ones: spread over the package's files.
    for (let i = candidates.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
    }
    cuts.push(...candidates.slice(0, perPackage));
  }
  return cuts;
}

/** The first line of a definition's signature, as the prompt must carry it. */
export function signatureLine(d: Located): string {
  return d.symbol.signature.split('\n')[0].trim();
}

/** Whether `prompt` carries one of the target's definitions. */
export function recalled(prompt: string, target: Cut['targets'][number]): boolean {
  return target.definitions.some((d) => prompt.includes(signatureLine(d)));
}
