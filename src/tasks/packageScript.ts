import { constants } from 'node:fs';
import { access, readFile, realpath, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';

/** One script of the chain (pre<event>, <event>, post<event>) as npm runs it. */
export interface ScriptStep {
  event: string;
  script: string;
  /** What npm prints before it: `> name@version event` and `> script`. */
  banner: string;
  /** The variables npm gives the script (PATH with the .bin folders first, npm_*, INIT_CWD, NODE). */
  env: Record<string, string>;
}

/** Run the steps with `sh -c` in the folder, each stopping the chain on failure; or run npm itself, for `reason`. */
export type PackageScript = { kind: 'direct'; steps: ScriptStep[] } | { kind: 'npm'; reason: string };

/**
 * Configuration keys that change how `npm run-script` runs a script: its shell, whether pre and
 * post scripts run, NODE_OPTIONS, which folder or workspace, the banner.
 */
const SCRIPT_KEYS = new Set(['script-shell', 'ignore-scripts', 'node-options', 'if-present', 'foreground-scripts', 'workspace', 'workspaces', 'include-workspace-root', 'loglevel', 'silent', 'color']);

type Env = Readonly<Record<string, string | undefined>>;
type Manifest = Record<string, unknown> & { scripts?: Record<string, unknown> };

/**
 * How `npm <event>` would run the package in `folder` (npm 7 and later, @npmcli/run-script), so
 * it can run without npm's own start (a Node process of a few hundred ms CPU per run): `sh -c` each of
 * pre<event>, <event>, post<event> in the folder, PATH led by node_modules/.bin of the folder and
 * of every folder above it (nearest first) and npm's bundled node-gyp, and the variables npm sets
 * that a script may read. Left out: the npm_config_* values npm exports from its configuration
 * files (cache, registry, user agent…) and EDITOR.
 *
 * npm itself runs instead (`kind: 'npm'`) wherever this could differ: on Windows; a package.json
 * that does not parse or has no such script; a package with workspaces, devEngines or a
 * directories.bin npm would list, or inside a folder whose package.json has workspaces; any
 * .npmrc in the folder; `npm` or `node` not on PATH, or `npm` not npm's own npm-cli.js (a
 * version manager's shim picks its npm per project); and any npm_config_* variable or user,
 * global or built-in npmrc setting one of SCRIPT_KEYS.
 */
export async function packageScript(folder: string, event: string, env: Env, platform: NodeJS.Platform = process.platform): Promise<PackageScript> {
  const npm = (reason: string): PackageScript => ({ kind: 'npm', reason });
  if (platform === 'win32') return npm('Windows runs scripts through cmd.exe and npm\'s own shims');
  const pkg = await readManifest(join(folder, 'package.json'));
  if (!pkg) return npm('package.json does not parse as an object');
  const scripts = isObject(pkg.scripts) ? pkg.scripts : {};
  const script = scripts[event];
  if (typeof script !== 'string' || script === '') return npm(`package.json has no "${event}" script`);
  if ('workspaces' in pkg || 'devEngines' in pkg) return npm('the package has workspaces or devEngines');
  if (!pkg.bin && isObject(pkg.directories) && 'bin' in pkg.directories) return npm('the package names its bins by directories.bin');
  if (await workspaceAbove(folder)) return npm('a folder above has a package.json with workspaces');
  if (await exists(join(folder, '.npmrc'))) return npm('the package has an .npmrc');
  const key = envScriptKey(env);
  if (key) return npm(`${key} is set`);
  const path = env.PATH ?? '';
  const [npmLink, nodeLink] = await Promise.all([onPath('npm', path), onPath('node', path)]);
  if (!npmLink || !nodeLink) return npm('npm or node is not on PATH');
  const [npmCli, node] = await Promise.all([realpath(npmLink).catch(() => npmLink), realpath(nodeLink).catch(() => nodeLink)]);
  if (basename(npmCli) !== 'npm-cli.js') return npm(`npm on PATH is ${npmCli}, not npm's npm-cli.js`);
  const npmRoot = dirname(dirname(npmCli));
  const where = await npmConfigFiles(env, node, npmRoot);
  for (const file of where.files) {
    const set = [...(await readNpmrc(file, env)).keys()].find((k) => SCRIPT_KEYS.has(k));
    if (set) return npm(`${file} sets ${set}`);
  }
  const npmVersion = (await readManifest(join(npmRoot, 'package.json')))?.version;
  const common: Record<string, string> = {
    ...packageEnvs(pkg),
    PATH: [...binFolders(folder), join(npmRoot, 'node_modules/@npmcli/run-script/lib/node-gyp-bin'), path].join(':'),
    INIT_CWD: folder,
    NODE: node,
    npm_node_execpath: node,
    npm_execpath: npmCli,
    npm_command: event,
    COLOR: '0',
    npm_config_local_prefix: folder,
    npm_config_global_prefix: where.globalPrefix,
    npm_config_userconfig: where.files[0],
    npm_config_globalconfig: where.files[1],
    // As npm: the configured node-gyp (a parent npm exports it), else its own.
    npm_config_node_gyp: envConfig(env, 'node-gyp') ?? join(npmRoot, 'node_modules/node-gyp/bin/node-gyp.js'),
    npm_config_npm_version: typeof npmVersion === 'string' ? npmVersion : 'unknown',
    npm_package_json: join(folder, 'package.json'),
  };
  const id = pkg.name && pkg.version ? `${String(pkg.name)}@${String(pkg.version)}` : undefined;
  const events = [`pre${event}`, event, `post${event}`].filter((e) => typeof scripts[e] === 'string' && scripts[e] !== '');
  const steps = events.map((e) => {
    const cmd = scripts[e] as string;
    const banner = `\n> ${id ? `${id} ` : ''}${e}\n> ${cmd.trim().replace(/\n/g, '\n> ')}\n\n`;
    return { event: e, script: cmd, banner, env: { ...common, npm_lifecycle_event: e, npm_lifecycle_script: cmd } };
  });
  return { kind: 'direct', steps };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

async function readManifest(file: string): Promise<Manifest | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

const exists = (file: string) => stat(file).then(() => true, () => false);

/** node_modules/.bin of `folder` and of every folder above it, nearest first (npm's own walk). */
export function binFolders(folder: string): string[] {
  const out: string[] = [];
  for (let dir = folder; ; dir = dirname(dir)) {
    out.push(join(dir, 'node_modules', '.bin'));
    if (dirname(dir) === dir) return out;
  }
}

async function workspaceAbove(folder: string): Promise<boolean> {
  for (const dir of binFolders(folder).slice(1).map((bin) => dirname(dirname(bin)))) {
    if ('workspaces' in ((await readManifest(join(dir, 'package.json'))) ?? {})) return true;
  }
  return false;
}

/** The first executable `name` in the PATH's folders. */
async function onPath(name: string, path: string): Promise<string | undefined> {
  for (const dir of path.split(':')) {
    if (!dir) continue;
    const file = join(dir, name);
    if (await access(file, constants.X_OK).then(() => true, () => false)) return file;
  }
  return undefined;
}

/** npm reads npm_config_* in any case, `_` standing for `-`. */
const configKey = (raw: string) => raw.trim().toLowerCase().replace(/_/g, '-').replace(/\[\]$/, '');

function envScriptKey(env: Env): string | undefined {
  return Object.keys(env).find((name) => /^npm_config_/i.test(name) && env[name] !== undefined && SCRIPT_KEYS.has(configKey(name.slice(11))));
}

function envConfig(env: Env, key: string): string | undefined {
  const name = Object.keys(env).find((n) => /^npm_config_/i.test(n) && configKey(n.slice(11)) === key);
  return name === undefined ? undefined : env[name];
}

/**
 * The user, global and built-in npmrc npm reads, and its global prefix: from npm_config_*
 * variables, then the user's npmrc (a `prefix` there is common), then where npm puts them.
 */
async function npmConfigFiles(env: Env, node: string, npmRoot: string): Promise<{ files: [string, string, string]; globalPrefix: string }> {
  const home = env.HOME || homedir();
  const userconfig = envConfig(env, 'userconfig') || join(home, '.npmrc');
  const user = await readNpmrc(userconfig, env);
  const tilde = (p: string | undefined) => (p?.startsWith('~/') ? join(home, p.slice(2)) : p);
  const globalPrefix = tilde(envConfig(env, 'prefix') || user.get('prefix')) || env.PREFIX || dirname(dirname(node));
  const globalconfig = tilde(envConfig(env, 'globalconfig') || user.get('globalconfig')) || join(globalPrefix, 'etc', 'npmrc');
  return { files: [userconfig, globalconfig, join(npmRoot, 'npmrc')], globalPrefix };
}

/** An npmrc's `key = value` lines (ini; ${VAR} replaced as npm does); empty when there is none. */
async function readNpmrc(file: string, env: Env): Promise<Map<string, string>> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const out = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([^=;#[\s][^=]*?)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) out.set(configKey(m[1]), m[2].replace(/^"(.*)"$/, '$1').replace(/\$\{([^}?]+)\??\}/g, (_, v: string) => env[v] ?? ''));
  }
  return out;
}

/** npm_package_* for name, version, config, engines and bin, flattened as @npmcli/run-script does. */
function packageEnvs(pkg: Manifest): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (key: string, val: unknown) => {
    if (val === undefined) return;
    if (val === null || val === false) out[key] = '';
    else if (Array.isArray(val)) val.forEach((item, i) => put(`${key}_${i}`, item));
    else if (typeof val === 'object') for (const [k, v] of Object.entries(val)) put(`${key}_${k}`, v);
    else out[key] = String(val);
  };
  const fields = { name: pkg.name, version: pkg.version, config: pkg.config, engines: pkg.engines, bin: normalBin(pkg) };
  for (const [k, v] of Object.entries(fields)) put(`npm_package_${k}`, v);
  return out;
}

/** The bin field as npm normalizes it: an object of command name → path without a leading `./` or `/`. */
function normalBin(pkg: Manifest): Record<string, string> | undefined {
  const bin = pkg.bin;
  const raw: Record<string, unknown> =
    typeof bin === 'string' ? (pkg.name ? { [String(pkg.name)]: bin } : {}) : Array.isArray(bin) ? Object.fromEntries(bin.map((b) => [basename(String(b)), b])) : isObject(bin) ? bin : {};
  const clean: Record<string, string> = {};
  for (const [key, target] of Object.entries(raw)) {
    const base = join('/', basename(key.replace(/\\|:/g, '/'))).slice(1);
    if (typeof target !== 'string' || !base) continue;
    const path = join('/', target.replace(/\\/g, '/')).slice(1);
    if (path) clean[base] = path;
  }
  return Object.keys(clean).length > 0 ? clean : undefined;
}
