// The build a side-by-side run compares against (bench/compare.mjs): a git worktree of a ref in
// a scratch folder outside the checkout (no lint, test or build of this checkout sees it), on
// this checkout's node_modules when the ref asks for no package they lack (else its own,
// installed with npm ci), built when the run loads it as the extension, removed afterwards.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const INSTALL_TIMEOUT_MS = 10 * 60_000;
const BUILD_TIMEOUT_MS = 5 * 60_000;

/**
 * The packages `pkg` (a package.json) declares that `installed(name)` (the installed version,
 * or undefined) does not satisfy, as `name@wanted`. Versions here are pinned exactly; a range
 * is taken as satisfied by any installed version.
 */
export function lackingPackages(pkg, installed) {
  const wanted = { ...pkg.dependencies, ...pkg.devDependencies };
  return Object.entries(wanted)
    .filter(([name, version]) => {
      const have = installed(name);
      return have === undefined || (/^\d+\.\d+\.\d+/.test(version) && have !== version);
    })
    .map(([name, version]) => `${name}@${version}`);
}

function installedIn(modules) {
  return (name) => {
    try {
      return JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8')).version;
    } catch {
      return undefined;
    }
  };
}

function run(cmd, args, cwd, timeout, what) {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', timeout, killSignal: 'SIGKILL' });
  if (r.status !== 0) throw new Error(`${what} failed in ${cwd} (${r.error?.message ?? (r.signal ? `killed by ${r.signal}` : `exit ${r.status}`)})`);
}

/**
 * Checks `ref` out beside `root` (the checkout measured as "after"). Returns { dir, sha,
 * build(), remove() }; throws with the reason when the ref is unknown or its packages cannot be
 * installed (the worktree is removed then).
 */
export function checkoutBuild(root, ref) {
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  let sha;
  try {
    sha = git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
  } catch {
    throw new Error(`--against: "${ref}" names no commit of this repository (a branch, tag or commit, e.g. --against=main)`);
  }
  const base = mkdtempSync(join(tmpdir(), `flint-compare-${sha.slice(0, 7)}-`));
  const dir = join(base, 'tree');
  const remove = () => {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root, stdio: 'ignore' });
    rmSync(base, { recursive: true, force: true });
    spawnSync('git', ['worktree', 'prune'], { cwd: root, stdio: 'ignore' });
  };
  try {
    git('worktree', 'add', '--detach', dir, sha);
    const modules = realpathSync(join(root, 'node_modules'));
    const lacking = lackingPackages(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')), installedIn(modules));
    if (lacking.length === 0) symlinkSync(modules, join(dir, 'node_modules'), 'dir');
    else {
      console.log(`compare: ${ref} needs ${lacking.join(', ')}, not installed here: npm ci in its worktree`);
      run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], dir, INSTALL_TIMEOUT_MS, 'npm ci');
    }
  } catch (err) {
    remove();
    throw err;
  }
  return {
    dir,
    sha,
    /** Bundles the extension into its dist/ (to load it as an extension). */
    build() {
      if (!existsSync(join(dir, 'esbuild.config.mjs'))) throw new Error(`${ref} has no esbuild.config.mjs to build it with`);
      run(process.execPath, ['esbuild.config.mjs'], dir, BUILD_TIMEOUT_MS, 'the build (node esbuild.config.mjs)');
    },
    remove,
  };
}
