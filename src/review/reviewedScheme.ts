/**
 * The documents review looks at, by URI scheme: files on disk, unsaved new files, and a remote
 * window's files (SSH, WSL, containers) while Flint runs on this machine. Not diff views, output
 * or other virtual documents.
 */
const REVIEWED = new Set(['file', 'untitled', 'vscode-remote']);

export function isReviewedScheme(scheme: string): boolean {
  return REVIEWED.has(scheme);
}
