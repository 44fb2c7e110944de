/** The packages `pkg` declares that `installed` does not satisfy, as `name@wanted`. */
export function lackingPackages(pkg: { dependencies?: Record<string, string>; devDependencies?: Record<string, string> }, installed: (name: string) => string | undefined): string[];
/** A git worktree of `ref` beside `root`, on its packages; build() bundles it, remove() deletes it. */
export function checkoutBuild(root: string, ref: string): { dir: string; sha: string; build(): void; remove(): void };
