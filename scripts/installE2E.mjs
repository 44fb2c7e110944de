// Installs what the real-editor tests and `npm start` need, idempotently:
// Debian packages (chromium to drive the workbench headless, libkrb5-dev for a native module of
// code-server, ripgrep for its search, tinyproxy for the transport tests' proxy) and code-server
// itself (VS Code's workbench and extension host served to a browser) into a cache folder outside
// the project's node_modules.
//
//   node scripts/installE2E.mjs              everything
//   node scripts/installE2E.mjs --no-browser  skip chromium (enough for `npm start`)
//
// Also imported by the test harness and scripts/start.mjs for the paths and the checks.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const CODE_SERVER_VERSION = '4.100.3';
const RIPGREP_CACHE = 'vscode-ripgrep-cache-1.15.11';
const RIPGREP_TARBALL = 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the cached tools live; `FLINT_CACHE` moves them (e.g. to share one copy between clones). */
export function e2ePaths() {
  const cache = resolve(process.env.FLINT_CACHE ?? join(repoRoot, '.cache'));
  const codeServerDir = join(cache, `code-server-${CODE_SERVER_VERSION}`);
  return {
    repoRoot,
    cache,
    codeServerDir,
    codeServerEntry: join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    codeServerMarker: join(codeServerDir, 'installed.json'),
    chromium: process.env.FLINT_CHROMIUM ?? '/usr/bin/chromium',
  };
}

export const INSTALL_COMMAND = 'node scripts/installE2E.mjs';

/** Names of what is missing; an empty list means ready. */
export function missingPrerequisites({ browser = true } = {}) {
  const p = e2ePaths();
  const missing = [];
  if (!existsSync(p.codeServerMarker) || !existsSync(p.codeServerEntry)) missing.push(`code-server ${CODE_SERVER_VERSION}`);
  if (browser && !existsSync(p.chromium)) missing.push(`chromium (${p.chromium})`);
  // The end-to-end tests run a real pytest project.
  if (browser && !hasDebPackage('python3-pytest')) missing.push('python3-pytest');
  // The transport tests go through a real HTTP proxy.
  if (browser && !hasCommand('tinyproxy')) missing.push('tinyproxy');
  return missing;
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function hasDebPackage(name) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('install ok installed');
}

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
}

function installDebianPackages(browser) {
  const wanted = [];
  if (browser && !existsSync(e2ePaths().chromium)) wanted.push('chromium');
  if (!hasDebPackage('libkrb5-dev')) wanted.push('libkrb5-dev');
  if (!hasCommand('rg')) wanted.push('ripgrep');
  if (!hasDebPackage('python3-pytest')) wanted.push('python3-pytest');
  // Only its program: the tests start it on 127.0.0.1 with their own configuration (installing
  // it may start a service on port 8888 where services start; that one is stopped below).
  if (browser && !hasCommand('tinyproxy')) wanted.push('tinyproxy');
  if (wanted.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`missing system packages; run as root: apt-get update && apt-get install -y ${wanted.join(' ')}`);
  }
  console.log(`[installE2E] apt-get install ${wanted.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...wanted], { env });
  if (wanted.includes('tinyproxy')) spawnSync('sh', ['-c', 'command -v systemctl >/dev/null && systemctl disable --now tinyproxy; command -v service >/dev/null && service tinyproxy stop'], { stdio: 'ignore' });
}

/**
 * code-server's ripgrep dependency downloads a binary in its postinstall; it first looks in its
 * cache folder under TMPDIR, so a tarball holding the system `rg` satisfies it offline.
 */
function seedRipgrepCache(tmpDir) {
  const dir = join(tmpDir, RIPGREP_CACHE);
  mkdirSync(dir, { recursive: true });
  const tarball = join(dir, RIPGREP_TARBALL);
  if (existsSync(tarball)) return;
  const rg = spawnSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).stdout.trim();
  run('tar', ['-czf', tarball, '--transform', 's|.*|rg|', '-P', rg]);
}

function installCodeServer() {
  const p = e2ePaths();
  if (existsSync(p.codeServerMarker) && existsSync(p.codeServerEntry)) return;
  console.log(`[installE2E] installing code-server ${CODE_SERVER_VERSION} into ${p.codeServerDir}`);
  rmSync(p.codeServerDir, { recursive: true, force: true });
  const tmpDir = join(p.codeServerDir, 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  // Its own package.json makes this folder npm's project root, so the repository's .npmrc
  // (which omits optional packages) does not apply: code-server needs its optional
  // platform binaries (file watcher, esbuild).
  writeFileSync(join(p.codeServerDir, 'package.json'), JSON.stringify({ private: true, name: 'flint-code-server' }, null, 2));
  seedRipgrepCache(tmpDir);
  const env = {
    ...process.env,
    TMPDIR: tmpDir,
    npm_config_unsafe_perm: 'true', // its postinstall refuses root otherwise
    npm_config_yes: 'true', // its postinstall runs `npx node-gyp`
    npm_config_nodedir: '/usr', // build native modules against the local Node headers
    npm_config_include: 'optional', // inherited by the nested installs of its postinstall
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
  run('npm', ['install', '--no-save', '--prefix', p.codeServerDir, `code-server@${CODE_SERVER_VERSION}`], { cwd: p.codeServerDir, env });
  rmSync(tmpDir, { recursive: true, force: true });
  writeFileSync(p.codeServerMarker, JSON.stringify({ version: CODE_SERVER_VERSION, installedAt: new Date().toISOString() }) + '\n');
}

/** Installs whatever is missing; returns the seconds it took (0 when nothing was missing). */
export function installE2E({ browser = true } = {}) {
  const t0 = performance.now();
  if (missingPrerequisites({ browser }).length === 0) return 0;
  installDebianPackages(browser);
  installCodeServer();
  return (performance.now() - t0) / 1000;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const seconds = installE2E({ browser: !process.argv.includes('--no-browser') });
    const version = JSON.parse(readFileSync(e2ePaths().codeServerMarker, 'utf8')).version;
    console.log(seconds === 0
      ? `[installE2E] already installed (code-server ${version}, ${e2ePaths().chromium})`
      : `[installE2E] done in ${seconds.toFixed(1)} s`);
  } catch (err) {
    console.error(`[installE2E] ${err.message}`);
    process.exit(1);
  }
}
