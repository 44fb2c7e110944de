import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Toolbox } from '../../../src/tasks/toolbox';
import { createToolbox } from '../../../src/tasks/tools/createToolbox';
import { spawnProcess } from '../../../src/tests/spawnProcess';
import { localEnvironment, tempWorkspace } from '../taskHarness';

const SECRET = 'sk-do-not-send-4242';
const FILES = {
  'src/a.ts': 'export function parseArgs(argv: string[]) {\n  return argv;\n}\n',
  'src/b.ts': "import { parseArgs } from './a';\nparseArgs([]);\n",
  'src/gen/out.ts': 'export const parseArgsGenerated = 1;\n',
  'build/bundle.js': 'parseArgs()\n',
  'notes/keep.md': 'parseArgs notes\n',
  '.gitignore': 'build/\nsrc/gen/\n*.log\n',
  'debug.log': 'parseArgs in a log\n',
  '.env': `TOKEN=${SECRET}\nparseArgs\n`,
  'config/secrets.json': `{"key":"${SECRET}"}\n`,
};

let root: string;
let outside: string;
const signal = new AbortController().signal;
const call = (box: Toolbox, name: string, args: unknown) => box.run(name, JSON.stringify(args), signal);

beforeAll(async () => {
  root = await tempWorkspace(FILES);
  outside = await mkdtemp(join(tmpdir(), 'flint-outside-'));
  await writeFile(join(outside, 'private.txt'), `outside ${SECRET}`);
  await symlink(join(outside, 'private.txt'), join(root, 'link-out.txt'));
  await symlink(join(outside), join(root, 'dir-out'));
  await symlink(join(root, '.env'), join(root, 'innocent.txt'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe.each([
  ['ripgrep', 'rg'],
  ['the plain fallback', '/no/such/ripgrep'],
])('tools (search with %s)', (_label, ripgrep) => {
  const box = () => createToolbox({ env: localEnvironment(root), run: spawnProcess, ripgrep });

  it('list_files respects .gitignore and leaves secret files and links out', async () => {
    const r = await call(box(), 'list_files', { glob: '**/*' });
    const listed = r.output.split('\n');
    expect(listed).toEqual(expect.arrayContaining(['src/a.ts', 'src/b.ts', 'notes/keep.md', '.gitignore']));
    for (const hidden of ['build/bundle.js', 'src/gen/out.ts', 'debug.log', '.env', 'config/secrets.json', 'link-out.txt', 'innocent.txt']) expect(listed).not.toContain(hidden);
    expect((await call(box(), 'list_files', { glob: 'src/*.ts' })).output).toBe('src/a.ts\nsrc/b.ts');
  });

  it('search_workspace finds matches with line numbers, never in ignored or secret files', async () => {
    const r = await call(box(), 'search_workspace', { pattern: 'parseArgs' });
    expect(r.ok).toBe(true);
    expect(r.output).toContain('src/a.ts:1: export function parseArgs');
    expect(r.output).toContain('src/b.ts:2: parseArgs([]);');
    for (const hidden of ['.env', 'build/', 'debug.log', 'src/gen', SECRET]) expect(r.output).not.toContain(hidden);
    const secret = await call(box(), 'search_workspace', { pattern: 'sk-do-not' });
    expect(secret.output).not.toContain(SECRET);
    expect((await call(box(), 'search_workspace', { pattern: '(' })).ok).toBe(false);
  });

  it('find_symbol answers definitions and references', async () => {
    const defs = await call(box(), 'find_symbol', { name: 'parseArgs', kind: 'definitions' });
    expect(defs.output).toBe('src/a.ts:1: export function parseArgs(argv: string[]) {');
    const refs = await call(box(), 'find_symbol', { name: 'parseArgs', kind: 'references' });
    expect(refs.output.split('\n')).toHaveLength(4);
    expect((await call(box(), 'find_symbol', { name: 'a b', kind: 'references' })).ok).toBe(false);
  });
});

describe('tools: the workspace boundary and the deny list', () => {
  const box = () => createToolbox({ env: localEnvironment(root), run: spawnProcess });

  it('read_file reads a file or a range, numbered', async () => {
    const r = await call(box(), 'read_file', { path: 'src/a.ts', start_line: 2, end_line: 3 });
    expect(r.output).toBe('src/a.ts (lines 2-3 of 4)\n2|   return argv;\n3| }');
  });

  it.each([
    ['.env', 'secret file'],
    ['config/secrets.json', 'secret file'],
    ['innocent.txt', 'leads to a secret file'],
    ['../outside.txt', 'outside the workspace'],
    ['src/../../x', 'outside the workspace'],
    ['link-out.txt', 'outside the workspace through a symbolic link'],
    ['dir-out/private.txt', 'outside the workspace through a symbolic link'],
    ['/etc/passwd', 'is absolute'],
  ])('refuses %s (%s) for every file tool, and never returns its content', async (path, why) => {
    const b = box();
    for (const [name, args] of [
      ['read_file', { path }],
      ['edit_file', { path, edits: [{ search: 'a', replace: 'b' }] }],
      ['create_file', { path, content: 'x' }],
      ['delete_file', { path }],
    ] as const) {
      const r = await call(b, name, args);
      expect(r.ok, name).toBe(false);
      expect(r.output, name).toContain(why);
      expect(r.output).not.toContain(SECRET);
    }
    expect(await readFile(join(outside, 'private.txt'), 'utf8')).toBe(`outside ${SECRET}`);
  });
});

describe('tools: edits', () => {
  it('edits a file it read with exact blocks, all or none, and refuses an edit against changed text', async () => {
    const dir = await tempWorkspace({ 'm.ts': 'const a = 1;\nconst b = 2;\nconst a2 = 1;\n' });
    const b = createToolbox({ env: localEnvironment(dir), run: spawnProcess });
    expect((await call(b, 'edit_file', { path: 'm.ts', edits: [{ search: 'b = 2', replace: 'b = 3' }] })).output).toContain('read_file before editing');
    await call(b, 'read_file', { path: 'm.ts' });
    const twice = await call(b, 'edit_file', { path: 'm.ts', edits: [{ search: 'b = 2', replace: 'b = 3' }, { search: '= 1;', replace: '= 0;' }] });
    expect(twice.output).toContain('more than once');
    expect(await readFile(join(dir, 'm.ts'), 'utf8')).toBe('const a = 1;\nconst b = 2;\nconst a2 = 1;\n');
    const ok = await call(b, 'edit_file', { path: 'm.ts', edits: [{ search: 'b = 2', replace: 'b = 3' }, { search: 'a2 = 1', replace: 'a2 = 5' }] });
    expect(ok).toMatchObject({ ok: true, changedFiles: true });
    expect(await readFile(join(dir, 'm.ts'), 'utf8')).toBe('const a = 1;\nconst b = 3;\nconst a2 = 5;\n');
    // Someone else changes the file: the next edit is refused until it is read again.
    await writeFile(join(dir, 'm.ts'), 'const a = 1;\nconst b = 4;\n');
    const stale = await call(b, 'edit_file', { path: 'm.ts', edits: [{ search: 'const a = 1;', replace: 'const a = 9;' }] });
    expect(stale.ok).toBe(false);
    expect(stale.output).toContain('changed since you last read it');
    expect(await readFile(join(dir, 'm.ts'), 'utf8')).toBe('const a = 1;\nconst b = 4;\n');
    await call(b, 'read_file', { path: 'm.ts' });
    expect((await call(b, 'edit_file', { path: 'm.ts', edits: [{ search: 'const a = 1;', replace: 'const a = 9;' }] })).ok).toBe(true);
    await rm(dir, { recursive: true });
  });

  it('creates and deletes files, never over an existing one', async () => {
    const dir = await tempWorkspace({ 'x.ts': 'x' });
    const b = createToolbox({ env: localEnvironment(dir), run: spawnProcess });
    expect((await call(b, 'create_file', { path: 'x.ts', content: 'y' })).ok).toBe(false);
    expect(await call(b, 'create_file', { path: 'deep/new.ts', content: 'n\n' })).toMatchObject({ ok: true, changedFiles: true });
    expect(await readFile(join(dir, 'deep/new.ts'), 'utf8')).toBe('n\n');
    expect(await call(b, 'delete_file', { path: 'x.ts' })).toMatchObject({ ok: true, changedFiles: true });
    expect((await call(b, 'delete_file', { path: 'x.ts' })).ok).toBe(false);
    await rm(dir, { recursive: true });
  });
});

describe('tools: bounds', () => {
  it('caps output, answers bad arguments and unknown tools with errors, and cuts a slow command at its limit', async () => {
    const dir = await tempWorkspace({ 'big.txt': 'y'.repeat(50_000) });
    const b = createToolbox({ env: localEnvironment(dir), run: spawnProcess, maxOutputChars: 1000 });
    const big = await call(b, 'read_file', { path: 'big.txt' });
    expect(big.output.length).toBeLessThan(1100);
    expect(big.output).toContain('characters left out');
    expect((await b.run('read_file', '{not json', signal)).output).toContain('not a JSON object');
    expect((await call(b, 'rm_rf', {})).output).toContain('There is no tool "rm_rf"');
    const ran = await call(b, 'run_command', { command: 'echo hi && exit 3' });
    expect(ran).toMatchObject({ ok: false });
    expect(ran.output).toContain('exited with code 3');
    expect(ran.output).toContain('hi');
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 150);
    const cut = await b.run('run_command', JSON.stringify({ command: 'sleep 30' }), stop.signal);
    expect(cut.ok).toBe(false);
    expect(cut.output).toContain('run_command was interrupted.');
    await rm(dir, { recursive: true });
  });
});

describe('tools while the working copy is being written', () => {
  it('read_file serves the snapshot; the other tools wait for the files on disk', async () => {
    let written!: () => void;
    const onDisk = new Promise<void>((resolve) => (written = resolve));
    let writing = true;
    const snapshotText = async (rel: string) => (writing && rel === 'src/a.ts' ? 'captured a\n' : undefined);
    const env = { ...localEnvironment(root), onDisk, snapshotText };
    const box = createToolbox({ env, run: spawnProcess });
    expect((await call(box, 'read_file', { path: 'src/a.ts' })).output).toContain('1| captured a');
    expect((await call(box, 'read_file', { path: '.env' })).output).toContain('secret file');
    let listed = false;
    const list = call(box, 'list_files', { glob: 'src/*.ts' }).then((r) => ((listed = true), r));
    let read = false;
    const other = call(box, 'read_file', { path: 'src/b.ts' }).then((r) => ((read = true), r));
    await new Promise((r) => setTimeout(r, 100));
    expect([listed, read]).toEqual([false, false]);
    writing = false;
    written();
    expect((await list).output).toContain('src/a.ts');
    expect((await other).output).toContain("import { parseArgs } from './a';");
  });
});
