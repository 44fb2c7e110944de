import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { packageScript, type PackageScript } from '../../src/tasks/packageScript';
import { runPackageScript } from '../../src/tasks/runPackageScript';
import { spawnProcess } from '../../src/tests/spawnProcess';
import { writeFiles } from '../../support/folderFixture';

let dir: string;
let home: string;
// What a parent npm (npx vitest) exported would reach npm and the scripts through the spawned process's environment.
const parentNpm = Object.keys(process.env).filter((k) => /^npm_|^INIT_CWD$|^NODE$/i.test(k));
const saved = Object.fromEntries(parentNpm.map((k) => [k, process.env[k]]));
beforeAll(() => parentNpm.forEach((k) => delete process.env[k]));
afterAll(() => Object.assign(process.env, saved));
beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'flint-pkgscript-')));
  home = join(dir, 'home');
  writeFiles(dir, { 'home/.keep': '' });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The machine's environment with a home of the test's own (no user npmrc). */
const baseEnv = (over: Record<string, string> = {}): Record<string, string | undefined> => ({ ...process.env, HOME: home, ...over });
const pkg = (scripts: Record<string, string>, extra: object = {}) => JSON.stringify({ name: 'demo', version: '1.2.3', scripts, ...extra });
const direct = (plan: PackageScript) => {
  if (plan.kind !== 'direct') throw new Error(`npm runs it: ${plan.reason}`);
  return plan.steps;
};
const run = async (folder: string, env: Record<string, string | undefined> = baseEnv()) =>
  runPackageScript(direct(await packageScript(folder, 'test', env)), { spawn: spawnProcess, cwd: folder, timeoutMs: 20_000, signal: new AbortController().signal, env: { HOME: home } });
/** KEY=value lines of `env` output, one variable a line. */
const parseEnv = (text: string) => new Map(text.split('\n').filter((l) => /^[A-Za-z_]\w*=/.test(l)).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)] as [string, string]));
const ENV_SCRIPT = "env | grep -E '^(npm_|INIT_CWD=|NODE=|PATH=|COLOR=)'; echo to-stderr >&2; exit 3";

describe('packageScript, run as npm would', () => {
  it("runs the test script with sh in the package's folder, npm's banner first, its env and exit code", async () => {
    const folder = join(dir, 'a/pkg');
    writeFiles(folder, { 'package.json': pkg({ test: ENV_SCRIPT }, { config: { port: 8080 }, bin: './cli.js' }) });
    const r = await run(folder);
    expect(r.code).toBe(3);
    expect(r.stdout.startsWith(`\n> demo@1.2.3 test\n> ${ENV_SCRIPT}\n\n`)).toBe(true);
    expect(r.stderr).toBe('to-stderr\n');
    const env = parseEnv(r.stdout);
    expect(Object.fromEntries([...env].filter(([k]) => /^(npm_lifecycle|npm_package|npm_command|INIT_CWD)/.test(k)))).toEqual({
      npm_lifecycle_event: 'test',
      npm_lifecycle_script: ENV_SCRIPT,
      npm_package_name: 'demo',
      npm_package_version: '1.2.3',
      npm_package_config_port: '8080',
      npm_package_bin_demo: 'cli.js',
      npm_package_json: join(folder, 'package.json'),
      npm_command: 'test',
      INIT_CWD: folder,
    });
    expect(env.get('PATH')?.split(':').slice(0, 3)).toEqual([join(folder, 'node_modules/.bin'), join(dir, 'a/node_modules/.bin'), join(dir, 'node_modules/.bin')]);
    expect(env.get('npm_execpath')).toMatch(/npm-cli\.js$/);
    expect(env.get('NODE')).toBe(realpathSync(execFileSync('sh', ['-c', 'command -v node'], { encoding: 'utf8' }).trim()));
  });

  it.runIf(process.platform !== 'win32')('gives the script what npm itself gives it (npm on this machine, same script)', async () => {
    const folder = join(dir, 'pkg');
    writeFiles(folder, { 'package.json': pkg({ test: ENV_SCRIPT }) });
    const env = baseEnv();
    const ours = await run(folder, env);
    const npm = await spawnProcess({ argv: ['npm', 'test'], cwd: folder, timeoutMs: 30_000, env: { HOME: home } });
    expect([ours.code, npm.code]).toEqual([3, 3]);
    // The same output, banner included.
    expect(ours.stdout.split('\n').filter((l) => l.startsWith('>') || l === '')).toEqual(npm.stdout.split('\n').filter((l) => l.startsWith('>') || l === ''));
    const mine = parseEnv(ours.stdout);
    const theirs = parseEnv(npm.stdout);
    for (const [key, value] of mine) expect([key, theirs.get(key)]).toEqual([key, value]);
    // What npm sets beyond: only values from its configuration files.
    expect([...theirs.keys()].filter((k) => !mine.has(k) && !/^npm_config_/.test(k))).toEqual([]);
  });

  it('runs pretest and posttest around the test, each with its own lifecycle event', async () => {
    const folder = join(dir, 'pkg');
    writeFiles(folder, { 'package.json': pkg({ pretest: 'echo "pre:$npm_lifecycle_event"', test: 'echo "test:$npm_lifecycle_event"', posttest: 'echo "post:$npm_lifecycle_event:$npm_lifecycle_script"' }) });
    const r = await run(folder);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      '\n> demo@1.2.3 pretest\n> echo "pre:$npm_lifecycle_event"\n\npre:pretest\n' +
        '\n> demo@1.2.3 test\n> echo "test:$npm_lifecycle_event"\n\ntest:test\n' +
        '\n> demo@1.2.3 posttest\n> echo "post:$npm_lifecycle_event:$npm_lifecycle_script"\n\npost:posttest:echo "post:$npm_lifecycle_event:$npm_lifecycle_script"\n',
    );
    const npm = await spawnProcess({ argv: ['npm', 'test'], cwd: folder, timeoutMs: 30_000, env: { HOME: home } });
    expect(npm.stdout).toBe(r.stdout);
  });
});

describe('packageScript leaves it to npm', () => {
  const reasonFor = async (files: Record<string, string>, env: Record<string, string | undefined> = baseEnv(), platform?: NodeJS.Platform, folder = join(dir, 'pkg')) => {
    writeFiles(dir, files);
    const plan = await packageScript(folder, 'test', env, platform);
    return plan.kind === 'npm' ? plan.reason : 'direct';
  };
  const ok = { 'pkg/package.json': pkg({ test: 'node --test' }) };

  it('runs directly when nothing stands in the way', async () => {
    expect(await reasonFor(ok)).toBe('direct');
  });

  it('on Windows', async () => {
    expect(await reasonFor(ok, baseEnv(), 'win32')).toMatch(/Windows/);
  });

  it('for a package.json that does not parse, or without the script', async () => {
    expect(await reasonFor({ 'pkg/package.json': '{"scripts": {' })).toMatch(/does not parse/);
    expect(await reasonFor({ 'pkg/package.json': pkg({ lint: 'eslint' }) })).toMatch(/no "test" script/);
  });

  it('for workspaces, here or in a folder above, and devEngines', async () => {
    expect(await reasonFor({ 'pkg/package.json': pkg({ test: 'x' }, { workspaces: ['a'] }) })).toMatch(/workspaces/);
    expect(await reasonFor({ 'pkg/package.json': pkg({ test: 'x' }, { devEngines: { runtime: { name: 'node' } } }) })).toMatch(/devEngines/);
    expect(await reasonFor({ ...ok, 'package.json': JSON.stringify({ workspaces: ['pkg'] }) })).toMatch(/folder above/);
  });

  it("for any .npmrc in the package's folder", async () => {
    expect(await reasonFor({ ...ok, 'pkg/.npmrc': 'registry=https://example.test/\n' })).toMatch(/\.npmrc/);
  });

  it('for a user npmrc or an npm_config_ variable that changes how scripts run, not for one that does not', async () => {
    expect(await reasonFor({ ...ok, 'home/.npmrc': '//registry.example.test/:_authToken=${TOKEN}\nprefix=~/.npm-global\n' })).toBe('direct');
    expect(await reasonFor({ ...ok, 'home/.npmrc': 'ignore-scripts = true\n' })).toMatch(/\.npmrc sets ignore-scripts/);
    expect(await reasonFor(ok, baseEnv({ npm_config_script_shell: '/bin/bash' }))).toMatch(/npm_config_script_shell/);
    expect(await reasonFor(ok, baseEnv({ NPM_CONFIG_NODE_OPTIONS: '--max-old-space-size=100' }))).toMatch(/NPM_CONFIG_NODE_OPTIONS/);
    // What a parent npm (npx, npm run) exports does not change the script's run.
    expect(await reasonFor({ 'home/.npmrc': '' }, baseEnv({ npm_config_prefix: '/usr', npm_config_cache: '/tmp/c', npm_config_node_gyp: '/x/node-gyp.js' }))).toBe('direct');
  });

  it('when npm or node is not on PATH, or npm is not npm-cli.js', async () => {
    expect(await reasonFor(ok, baseEnv({ PATH: join(dir, 'nothing') }))).toMatch(/not on PATH/);
    writeFiles(dir, { 'shim/npm': '#!/bin/sh\nexit 0\n' });
    chmodSync(join(dir, 'shim/npm'), 0o755);
    expect(await reasonFor(ok, baseEnv({ PATH: `${join(dir, 'shim')}:${process.env.PATH}` }))).toMatch(/not npm's npm-cli\.js/);
  });
});
