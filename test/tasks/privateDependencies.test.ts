import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDenyList } from '../../src/privacy/denyList';
import { nodeProbe } from '../../src/tasks/nodeProbe';
import { privatizeDependencies } from '../../src/tasks/privateDependencies';
import { createTaskEnvironment } from '../../src/tasks/taskEnvironment';
import { createWorkingCopy } from '../../src/tasks/workingCopy';
import { removeWorkingCopy } from '../../src/tasks/workingCopyRemoval';
import { spawnProcess } from '../../src/tests/spawnProcess';
import { fingerprint, touched, writeFiles } from '../../support/folderFixture';

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

const copyOf = () => createWorkingCopy({ taskId: 't', folder: user, storageDir: join(tmp, 'storage'), overlays: [], isDenied, now: Date.now });

describe('installs in a working copy', () => {
  it('a consented npm install and a write into the virtualenv change the copy, never the user folder', async () => {
    const copy = await copyOf();
    expect(lstatSync(join(copy.root, 'node_modules')).isSymbolicLink()).toBe(true);
    const before = fingerprint(user);
    const env = createTaskEnvironment({
      root: copy.root, folder: user, isDenied, trusted: () => true, allowedCommands: () => [], alwaysAllowed: new Set(), askConsent: async () => 'once',
      spawn: spawnProcess, commandTimeoutMs: 60_000, testTimeoutMs: 60_000, testCommandOverride: '', probe: nodeProbe,
      privateDependencies: () => privatizeDependencies(copy),
    });
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
    await removeWorkingCopy(copy);
    expect(readFileSync(join(user, 'node_modules/old/index.js'), 'utf8')).toBe('module.exports = 1;\n');
  });

  it('copies node_modules and replaces a virtualenv link by an empty folder (a copy would still run the user interpreter)', async () => {
    const copy = await copyOf();
    expect(copy.links.sort()).toEqual(['.venv', 'node_modules']);
    const notes = await privatizeDependencies(copy);
    expect(notes.join('\n')).toContain('.venv is now an empty folder');
    expect(readdirSync(join(copy.root, '.venv'))).toEqual([]);
    expect(lstatSync(join(copy.root, 'node_modules')).isDirectory()).toBe(true);
    expect(readFileSync(join(copy.root, 'node_modules/old/index.js'), 'utf8')).toBe('module.exports = 1;\n');
    expect(readFileSync(join(user, '.venv/lib/site.py'), 'utf8')).toBe('installed = []\n');
    await removeWorkingCopy(copy);
  });
});
