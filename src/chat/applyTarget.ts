/**
 * Why a path named in an answer's code fence may not be an Apply target, or undefined when it
 * may (the deny list and the workspace checks come after, on the real file). Git's and VS
 * Code's folders hold settings that run commands or redirect the key: an answer never edits them.
 */
export function applyPathRefusal(path: string): string | undefined {
  if (/^([\\/]|[A-Za-z]:)/.test(path) || path.split(/[\\/]/).includes('..')) {
    return `Not applied: ${path} is outside the workspace. Nothing was changed.`;
  }
  const protectedFolder = path.split(/[\\/]/).slice(0, -1).find((part) => /^\.(git|vscode)$/i.test(part));
  if (protectedFolder) {
    return `Not applied: Flint does not edit files in ${protectedFolder.toLowerCase()}/ (${path}). Nothing was changed.`;
  }
  return undefined;
}
