/** What each package manager calls installing, removing or updating (the sub-commands that write the dependency folder). */
const WRITING: Record<string, ReadonlySet<string>> = {
  npm: new Set(['install', 'i', 'in', 'ins', 'isntall', 'add', 'ci', 'clean-install', 'install-test', 'it', 'install-ci-test', 'uninstall', 'un', 'remove', 'rm', 'r', 'unlink', 'update', 'up', 'upgrade', 'dedupe', 'ddp', 'prune', 'link', 'ln', 'rebuild', 'rb']),
  pnpm: new Set(['install', 'i', 'add', 'remove', 'rm', 'uninstall', 'un', 'update', 'up', 'upgrade', 'import', 'prune', 'link', 'ln', 'unlink', 'rebuild', 'rb', 'dedupe']),
  // Bare `yarn` installs.
  yarn: new Set(['', 'install', 'add', 'remove', 'upgrade', 'up', 'upgrade-interactive', 'link', 'unlink', 'import', 'dedupe']),
  bun: new Set(['install', 'i', 'add', 'a', 'remove', 'rm', 'update', 'link', 'unlink']),
  pip: new Set(['install', 'uninstall']),
  pipenv: new Set(['install', 'uninstall', 'sync', 'update', 'upgrade', 'clean']),
  poetry: new Set(['add', 'remove', 'install', 'update', 'sync']),
  uv: new Set(['add', 'remove', 'sync', 'pip']),
};

/** `pip3`, `pip3.12`, `.venv/bin/pip`, `npm.cmd` → the manager's name. */
function programName(token: string): string {
  const base = token.replace(/\\/g, '/').split('/').pop()!.toLowerCase().replace(/\.(cmd|exe|bat)$/, '');
  return /^pip[\d.]*$/.test(base) ? 'pip' : base;
}

/** One simple command's words, leading `VAR=value` assignments and `sudo`/`env` left out. */
function words(segment: string): string[] {
  const all = segment.trim().split(/\s+/).filter(Boolean);
  let i = 0;
  while (i < all.length && (/^\w+=/.test(all[i]) || all[i] === 'sudo' || all[i] === 'env')) i++;
  return all.slice(i);
}

/** Options whose value is the next word. */
const TAKES_VALUE = new Set(['--prefix', '-C', '--cwd', '--dir', '--filter', '-w', '--workspace', '--directory', '--project']);

/** The first word after the program that is neither an option nor an option's value (`npm --prefix x install` → install). */
function subCommand(rest: string[]): string {
  for (let i = 0; i < rest.length; i++) {
    if (TAKES_VALUE.has(rest[i])) i++;
    else if (!rest[i].startsWith('-')) return rest[i];
  }
  return '';
}

/**
 * Whether a shell command installs, removes or updates dependencies (npm, pnpm, yarn, bun, pip,
 * `python -m pip`, pipenv, poetry, uv), in any of its chained parts: such a command writes into
 * the dependency folders, which a working copy links to the user's.
 */
export function installsDependencies(command: string): boolean {
  return command.split(/&&|\|\||[;|\n&]/).some((segment) => {
    let w = words(segment);
    if (w.length === 0) return false;
    let name = programName(w[0]);
    if (/^python[\d.]*$|^py$/.test(name) && w[1] === '-m' && w[2]) {
      name = programName(w[2]);
      w = w.slice(2);
    }
    const subs = WRITING[name];
    return subs?.has(subCommand(w.slice(1)).toLowerCase()) ?? false;
  });
}
