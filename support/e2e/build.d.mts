export const REPO_ROOT: string;
/** Rebuilds dist/ (node esbuild.config.mjs) when any source is newer than the extension bundle; throws when the build fails. */
export function buildIfStale(root?: string): void;
