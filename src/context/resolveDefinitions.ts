import { posix } from 'node:path';
import type { NameUse } from './namesInPlay';
import type { Located, SymbolIndex } from '../code/symbolIndex';

/** A definition of a name in play, and how it was reached. */
export interface FoundDefinition extends Located {
  use: NameUse;
  /** In the same file as the use (outside the lines the model already sees). */
  sameFile: boolean;
  /** 0 for the name itself; 1 for a type in the signature of a definition found for it. */
  hop: number;
}

export interface ResolveOptions {
  /** Lines of the file at `path` the model sees anyway: definitions there are left out. */
  visible?: { start: number; end: number };
  /** Follow the names in found signatures (parameter and return types) one step. */
  typesOfSignatures?: boolean;
  /** Stop after this many definitions. */
  max?: number;
}

/**
 * The definitions of `uses` (names used in `path`) the index knows: through the file's imports
 * (named, default, namespace and module imports, re-exports followed), Python star imports, the
 * other files of a Go package, and the file itself outside its visible lines.
 */
export function resolveDefinitions(index: SymbolIndex, path: string, uses: readonly NameUse[], options: ResolveOptions = {}): FoundDefinition[] {
  const out: FoundDefinition[] = [];
  const seen = new Set<string>();
  const max = options.max ?? 160;
  const add = (found: readonly Located[], use: NameUse, hop: number) => {
    for (const f of found) {
      const key = `${f.path}:${f.symbol.range.start.line}:${f.symbol.name}`;
      if (seen.has(key)) continue;
      const sameFile = f.path === path;
      if (sameFile && options.visible && f.symbol.range.start.line >= options.visible.start && f.symbol.range.start.line < options.visible.end) continue;
      seen.add(key);
      out.push({ ...f, use, sameFile, hop });
    }
  };
  for (const use of uses) {
    if (out.length >= max) break;
    add(lookup(index, path, use), use, 0);
  }
  if (options.typesOfSignatures) {
    for (const def of out.filter((d) => d.hop === 0 && !d.sameFile)) {
      for (const name of signatureNames(def.symbol.signature)) {
        if (out.length >= max) break;
        add(lookup(index, def.path, { ...def.use, name, qualifier: undefined }), def.use, 1);
      }
    }
  }
  return out;
}

/** Where `use` is defined, seen from `path`. */
export function lookup(index: SymbolIndex, path: string, use: NameUse): Located[] {
  if (use.qualifier) {
    const binding = index.binding(path, use.qualifier);
    if (!binding) return [];
    return index.moduleFiles(path, binding).flatMap((file) => index.exported(file, use.name));
  }
  const binding = index.binding(path, use.name);
  if (binding) {
    if (binding.imported === '*' || index.moduleFiles(path, binding).length) return [];
    return index.resolve(path, binding.module).flatMap((file) => index.exported(file, binding.imported));
  }
  const own = index.exported(path, use.name);
  if (own.length) return own;
  const outline = index.outline(path);
  for (const star of outline?.imports.bindings.filter((b) => b.local === '*' || b.local === '.') ?? []) {
    const found = index.resolve(path, star.module).flatMap((file) => index.exported(file, use.name));
    if (found.length) return found;
  }
  if (path.endsWith('.go')) {
    // A Go package is its folder: every file sees the others' top-level names.
    const dir = posix.dirname(path);
    return index
      .filesDefining(use.name)
      .filter((f) => f !== path && posix.dirname(f) === dir && f.endsWith('.go'))
      .flatMap((f) => index.exported(f, use.name));
  }
  return [];
}

const TYPE_NAME = /\b[A-Z][\w$]*/g;

/** Capitalised names in a signature (its types, by the convention of every language here). */
function signatureNames(signature: string): string[] {
  return [...new Set(signature.match(TYPE_NAME) ?? [])];
}
