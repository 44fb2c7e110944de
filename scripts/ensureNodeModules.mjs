// Installs the node modules when they are missing or out of date, so that `npm test` and
// `npm start` each work as the first command on a fresh clone. Node built-ins only: it runs
// before anything is installed. Costs a few milliseconds when everything is there.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

/** Why the node modules need an install; null when they are up to date. */
export function nodeModulesStale(root) {
  const modules = join(root, 'node_modules');
  if (!existsSync(modules)) return 'node_modules is missing';
  // npm rewrites this file at every install: newer than both manifests means nothing changed since.
  const installed = mtime(join(modules, '.package-lock.json')) || mtime(modules);
  if (installed >= Math.max(mtime(join(root, 'package.json')), mtime(join(root, 'package-lock.json')))) return null;
  // Older, perhaps only because a checkout touched the manifests: compare what is declared with what is there.
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  for (const [name, version] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
    const manifest = join(modules, name, 'package.json');
    if (!existsSync(manifest)) return `${name} is not installed`;
    const have = JSON.parse(readFileSync(manifest, 'utf8')).version;
    if (/^\d+\.\d+\.\d+$/.test(version) && have !== version) return `${name} ${have} is installed, package.json wants ${version}`;
  }
  return null;
}

/** Runs `npm install` when needed; throws when it fails. */
export function ensureNodeModules(root, say = (line) => console.log(line)) {
  const why = nodeModulesStale(root);
  if (!why) return;
  // `npm install` (not `npm ci`): the lock file omits other platforms' optional engine builds.
  say(`installing dependencies (${why}): npm install…`);
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`npm install failed (exit ${r.status ?? r.signal}); run it yourself to see why`);
}
