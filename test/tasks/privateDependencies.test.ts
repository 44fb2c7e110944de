import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDenyList } from '../../src/privacy/denyList';
import { nodeProbe } from '../../src/tasks/nodeProbe';
import { privatizeDependencies } from '../../src/tasks/privateDependencies';
import { createTaskEnvironment } from '../../src/tasks/taskEnvironment';
import { createWorkingCopy } from '../../src/tasks/workingCopy';
import type { WorkingCopyRecord } from '../../src/tasks/workingCopyRecord';
import { removeWorkingCopy } from '../../src/tasks/workingCopyRemoval';
import { spawnProcess } from '../../src/tests/spawnProcess';
import { fingerprint, touched, writeFiles } from '../../support/folderFixture';
import { gitOn } from '../../src/tasks/gitCommand';

const git = gitOn(spawnProcess);

let tmp: string;
let user: string;
const isDenied = createDenyList([]);

beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), 'flint-deps-'));
  user = join(tmp, 'user');
  writeFiles(user, {
    'package.json': '{"name":"p","version":"1.0.0"}\n',
    '.gitignore': 'node_modules/\n.venv/\n',
    'vendor/dep/package.json': '{"name":"dep","version":"1.0.0"}\n',
    'node_modules/old/index.js': 'module.exports = 1;\n',
    '.venv/lib/site.py': 'installed = []\n',
  });
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const environmentOf = (copy: WorkingCopyRecord, env?: Record<string, string | undefined>) =>
  createTaskEnvironment({
    root: copy.root, folder: user, isDenied, trusted: () => true, allowedCommands: () => [], alwaysAllowed: new Set(), askConsent: async () => 'once',
    spawn: spawnProcess, env, commandTimeoutMs: 60_000, testTimeoutMs: 60_000, testCommandOverride: '', probe: nodeProbe,
    privateDependencies: () => privatizeDependencies(copy, spawnProcess),
  });

const copyOf = () => createWorkingCopy({ taskId: 't', folder: user, storageDir: join(tmp, 'storage'), overlays: [], isDenied, now: Date.now, git });

describe('installs in a working copy', () => {
  it('a consented npm install and a write into the virtualenv change the copy, never the user folder', async () => {
    const copy = await copyOf();
    expect(lstatSync(join(copy.root, 'node_modules/old')).isSymbolicLink()).toBe(true);
    const before = fingerprint(user);
    const env = environmentOf(copy);
    const signal = new AbortController().signal;
    const npm = await env.runCommand('npm install --offline --no-audit --no-fund ./vendor/dep', signal);
    expect(npm.exitCode, npm.output).toBe(0);
    expect(npm.output).toContain("node_modules is now the working copy's own copy");
    // What the install wrote (and pruned: npm removes packages package.json does not name) is the copy's own folder.
    expect(lstatSync(join(copy.root, 'node_modules')).isDirectory()).toBe(true);
    expect(readdirSync(join(copy.root, 'node_modules'))).toContain('dep');
    // A second install finds no link left to replace.
    const pip = await env.runCommand('pip install nothing-here --no-index >/dev/null 2>&1; mkdir -p .venv/lib && echo x > .venv/lib/new.py', signal);
    expect(pip.output).not.toContain('is now');
    expect(copy.links).toEqual([]);
    expect(existsSync(join(user, 'node_modules/dep'))).toBe(false);
    expect(existsSync(join(user, '.venv/lib/new.py'))).toBe(false);
    expect(touched(before, fingerprint(user))).toEqual([]);
    await removeWorkingCopy(git, copy);
    expect(readFileSync(join(user, 'node_modules/old/index.js'), 'utf8')).toBe('module.exports = 1;\n');
  });

  it('copies node_modules and replaces a virtualenv link by an empty folder (a copy would still run the user interpreter)', async () => {
    const copy = await copyOf();
    expect(copy.links.sort()).toEqual(['.venv', 'node_modules']);
    const notes = await privatizeDependencies(copy, spawnProcess);
    expect(notes.join('\n')).toContain('.venv is now an empty folder');
    expect(readdirSync(join(copy.root, '.venv'))).toEqual([]);
    expect(lstatSync(join(copy.root, 'node_modules')).isDirectory()).toBe(true);
    expect(readFileSync(join(copy.root, 'node_modules/old/index.js'), 'utf8')).toBe('module.exports = 1;\n');
    expect(readFileSync(join(user, '.venv/lib/site.py'), 'utf8')).toBe('installed = []\n');
    await removeWorkingCopy(git, copy);
  });
});

describe('commands in a working copy', () => {
  it('a node process adding entries to node_modules (a cache) writes them into the copy, and still loads the linked packages', async () => {
    const copy = await copyOf();
    const before = fingerprint(user);
    const script = "const fs = require('fs'); fs.mkdirSync('node_modules/.vite/deps', { recursive: true }); fs.writeFileSync('node_modules/.vite/deps/x.js', 'cache'); fs.writeFileSync('node_modules/.x', 'x'); console.log(require('old'))";
    const r = await environmentOf(copy).runCommand(`node -e "${script}"`, new AbortController().signal);
    expect(r.exitCode, r.output).toBe(0);
    expect(r.output.trim()).toBe('1');
    expect(readFileSync(join(copy.root, 'node_modules/.vite/deps/x.js'), 'utf8')).toBe('cache');
    expect(existsSync(join(user, 'node_modules/.vite'))).toBe(false);
    expect(existsSync(join(user, 'node_modules/.x'))).toBe(false);
    expect(touched(before, fingerprint(user))).toEqual([]);
    await removeWorkingCopy(git, copy);
  });

  it("a bare pip install with the user's virtualenv active in the editor's environment does not install into it", async () => {
    // A stand-in pip in the user's virtualenv that installs where a real one would: into its own environment.
    writeFiles(user, { '.venv/bin/pip': '#!/bin/sh\necho "installed $*" >> "$(dirname "$0")/../lib/installed.txt"\necho "pip of $VIRTUAL_ENV"\n' });
    chmodSync(join(user, '.venv/bin/pip'), 0o755);
    const copy = await copyOf();
    const before = fingerprint(user);
    const editorEnv = { ...process.env, VIRTUAL_ENV: join(user, '.venv'), PATH: `${join(user, '.venv/bin')}${delimiter}${process.env.PATH}` };
    const env = environmentOf(copy, editorEnv);
    const signal = new AbortController().signal;
    const shown = await env.runCommand('echo "$VIRTUAL_ENV"; command -v pip', signal);
    expect(shown.output.split('\n').slice(0, 2)).toEqual([join(copy.root, '.venv'), join(copy.root, '.venv/bin/pip')]);
    await env.runCommand('pip install requests --no-index >/dev/null 2>&1; true', signal);
    expect(existsSync(join(user, '.venv/lib/installed.txt'))).toBe(false);
    expect(touched(before, fingerprint(user))).toEqual([]);
    await removeWorkingCopy(git, copy);
  });
});
