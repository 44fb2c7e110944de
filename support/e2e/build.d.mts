export const REPO_ROOT: string;
/** Rebuilds dist/ (node esbuild.config.mjs) when a bundle is missing or any source is newer than it; throws when the build fails. */
export function buildIfStale(root?: string): void;
