// In-host suite: runs inside the real extension host (loaded through `extensionTestsPath`), so
// it sees Flint exactly as VS Code does. VS Code calls run() and exits with its outcome.
const assert = require('node:assert/strict');
const vscode = require('vscode');

const EXTENSION_ID = 'flint.flint';

async function waitFor(predicate, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A module of Flint's sources, bundled on the spot the way the extension is (same alias), so the
 * suite runs the very code the extension runs, inside the real extension host.
 */
function loadSource(rel) {
  const path = require('node:path');
  const { createRequire } = require('node:module');
  const root = path.resolve(__dirname, '..', '..', '..');
  const esbuild = require(path.join(root, 'node_modules', 'esbuild'));
  const out = esbuild.buildSync({
    entryPoints: [path.join(root, rel)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    absWorkingDir: root,
    alias: { 'web-tree-sitter': './node_modules/web-tree-sitter/web-tree-sitter.cjs' },
  });
  const mod = { exports: {} };
  const filename = path.join(root, 'dist', 'extension.js');
  new Function('module', 'exports', 'require', '__dirname', '__filename', out.outputFiles[0].text)(mod, mod.exports, createRequire(filename), path.dirname(filename), filename);
  return { root, exports: mod.exports };
}

/** Flint's glob matcher (src/context/globPattern.ts), compared with VS Code's own matching. */
function loadGlobPattern() {
  return loadSource('src/context/globPattern.ts').exports;
}

/** Files of the glob comparison, relative to its folder. */
const GLOB_FILES = [
  'a.txt', 'b.log', 'build/out.js', 'tmp/x.js', 'cache/y/z.js', '.hidden1', 'src/.hiddenrc', 'src/main.ts', 'data1.json',
  'data12.json', 'alpha.md', 'beta.md', 'gamma.md', 'sub/deep/f.ts', 'sub/node_modules/p/i.js', 'sub/x.log', '.env.local',
  'keys/id_rsa', 'a.b.c/d.txt',
];

/** files.exclude-style patterns; `{}` is the comparison folder. */
const GLOB_PATTERNS = [
  '**/*.log', '{}/build/**', '**/{tmp,cache}/**', '**/.hidden*', '{}/*.txt', '**/data?.json', '**/[ab]*.md',
  '{}/**/deep/**', '**/node_modules', '*.txt', '**/.env*', '**/keys/**', '{}/[!ab]*.md', '**/*.{js,ts}', '{}/a.b.c',
  '**/**/**/**/*.ts', '{}/src/*',
];

const tests = [
  ['Flint is installed as the extension under development', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} not found among ${vscode.extensions.all.length} extensions`);
    assert.equal(ext.extensionKind, vscode.ExtensionKind.Workspace);
  }],
  ['Flint activates on startup without being asked', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    // activationEvents is onStartupFinished: it must become active by itself.
    await waitFor(() => ext.isActive, 15_000, `${EXTENSION_ID} to activate`);
  }],
  ['every command Flint contributes is registered', async () => {
    const contributed = vscode.extensions.getExtension(EXTENSION_ID).packageJSON.contributes.commands.map((c) => c.command);
    assert.ok(contributed.length > 0, 'the manifest contributes no commands');
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter((c) => !registered.has(c));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
  }],
  ['Flint\u2019s glob matcher excludes exactly what VS Code\u2019s findFiles excludes for the same patterns', async () => {
    const { compileGlob } = loadGlobPattern();
    const folder = vscode.workspace.workspaceFolders[0].uri;
    const name = `globcheck-${Date.now()}`;
    for (const f of GLOB_FILES) await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, name, f), new TextEncoder().encode('x'));
    try {
      const differences = [];
      for (const raw of GLOB_PATTERNS) {
        const pattern = raw.replace('{}', name);
        const kept = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, `${name}/**`), pattern);
        const vsKept = new Set(kept.map((u) => vscode.workspace.asRelativePath(u, false)));
        const glob = compileGlob(pattern);
        for (const f of GLOB_FILES) {
          const rel = `${name}/${f}`;
          const flintExcludes = glob.test(rel);
          if (flintExcludes !== vsKept.has(rel)) continue; // agree: excluded by both, or kept by both
          differences.push(`${pattern} on ${f}: VS Code ${vsKept.has(rel) ? 'keeps' : 'excludes'} it, Flint ${flintExcludes ? 'excludes' : 'keeps'} it`);
        }
        // The comparison means something only when patterns exclude some files and keep others.
      }
      assert.deepEqual(differences, []);
      const all = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, `${name}/**`), null);
      assert.equal(all.length, GLOB_FILES.length, 'every file of the comparison is found with no excludes');
    } finally {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, name), { recursive: true });
    }
  }],
  ['the code parser runs in the extension host on the grammars the build puts beside the bundle', async () => {
    const { root, exports } = loadSource('src/context/codeParser.ts');
    const parser = await exports.CodeParser.load(exports.bundledParserFiles(root));
    const found = async (languageId, text) => (await parser.findFunctions(languageId, text)).map((f) => `${f.container ? `${f.container}.` : ''}${f.name}`);
    assert.deepEqual(await found('typescript', 'class A { m(): void { const g = () => 1; } }'), ['A.m', 'A.m.g']);
    assert.deepEqual(await found('python', 'class K:\n    def m(self):\n        pass\n'), ['K.m']);
    assert.deepEqual(await found('go', 'package p\nfunc (t *T) M() {}\n'), ['T.M']);
  }],
];

/** Runs every test, prints one line each, rejects when any failed (VS Code then exits non-zero). */
exports.run = async function run() {
  let failed = 0;
  for (const [name, fn] of tests) {
    const t0 = Date.now();
    try {
      await fn();
      console.log(`[suite] ok   ${name} (${Date.now() - t0} ms)`);
    } catch (err) {
      failed += 1;
      console.log(`[suite] FAIL ${name}: ${err && err.message}`);
    }
  }
  console.log(`[suite] ${tests.length - failed} passed, ${failed} failed`);
  if (failed > 0) throw new Error(`${failed} in-host test(s) failed`);
};
