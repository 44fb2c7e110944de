import { compileGlob } from './globPattern';

/** Files never sent to a model whatever the settings say: secrets and keys. */
export const builtInDenyGlobs: readonly string[] = ['.env*', '*.pem', '*.key', 'id_rsa*'];

/**
 * Returns a predicate that is true when a file must never be sent to a model (as context or as
 * the document being completed). `extraGlobs` is `flint.context.denyList`; `excludeGlobs` are the
 * editor's `files.exclude` patterns. A pattern without `/` matches any file or folder name on the
 * path; a pattern with `/` matches from any folder boundary. Blank patterns are ignored; an
 * unclosed `{` is taken literally, so no setting value can disable the built-in list.
 */
export function createDenyList(extraGlobs: string[], excludeGlobs: string[] = []): (path: string) => boolean {
  const patterns = [...builtInDenyGlobs, ...extraGlobs, ...excludeGlobs].filter((g) => g.trim() !== '');
  const compiled = patterns.map(compileGlob);
  return (path: string) => {
    const normalized = path.replace(/\\/g, '/');
    return compiled.some((re) => re.test(normalized));
  };
}
