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
    external: ['vscode'],
  });
  const mod = { exports: {} };
  const filename = path.join(root, 'dist', 'extension.js');
  new Function('module', 'exports', 'require', '__dirname', '__filename', out.outputFiles[0].text)(mod, mod.exports, createRequire(filename), path.dirname(filename), filename);
  return { root, exports: mod.exports };
}

/** Flint's glob matcher (src/privacy/globPattern.ts), compared with VS Code's own matching. */
function loadGlobPattern() {
  return loadSource('src/privacy/globPattern.ts').exports;
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
    const { root, exports } = loadSource('src/code/codeParser.ts');
    const parser = await exports.CodeParser.load(exports.bundledParserFiles(root));
    const found = async (languageId, text) => (await parser.findFunctions(languageId, text)).map((f) => `${f.container ? `${f.container}.` : ''}${f.name}`);
    assert.deepEqual(await found('typescript', 'class A { m(): void { const g = () => 1; } }'), ['A.m', 'A.m.g']);
    assert.deepEqual(await found('python', 'class K:\n    def m(self):\n        pass\n'), ['K.m']);
    assert.deepEqual(await found('go', 'package p\nfunc (t *T) M() {}\n'), ['T.M']);
  }],
  ['context: a definition in a file the parser has no grammar for is read from the language server\u2019s document symbols; no answer gives nothing, never an error', async () => {
    const { root, exports: parsing } = loadSource('src/code/codeParser.ts');
    const { SymbolIndex } = loadSource('src/code/symbolIndex.ts').exports;
    const { ServerDefinitions } = loadSource('src/vscode/context/contextServerDefinitions.ts').exports;
    const index = new SymbolIndex(await parsing.CodeParser.load(parsing.bundledParserFiles(root)));
    const folder = vscode.Uri.joinPath(vscode.workspace.workspaceFolders[0].uri, 'ctxdsl');
    const write = async (name, text) => {
      const uri = vscode.Uri.joinPath(folder, name);
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
      return uri;
    };
    const lib = await write('lib.flintdsl', '# Sums a cart.\ndefine total(items) =\n  sum items\nend\n');
    const broken = await write('broken.flintdsl', 'define tax(amount) =\n  amount\nend\n');
    const main = await write('main.flintdsl', 'use total, tax, missing\nprint total(cart) + tax(1) + missing\n');
    const pattern = { pattern: '**/ctxdsl/*.flintdsl' };
    const symbolAsks = [];
    const subscriptions = [
      vscode.languages.registerDefinitionProvider(pattern, {
        provideDefinition(doc, at) {
          const word = doc.getText(doc.getWordRangeAtPosition(at));
          if (word === 'total') return new vscode.Location(lib, new vscode.Position(1, 7));
          if (word === 'tax') return new vscode.Location(broken, new vscode.Position(0, 7));
          return undefined; // `missing`: no provider answers
        },
      }),
      vscode.languages.registerDocumentSymbolProvider(pattern, {
        provideDocumentSymbols(doc) {
          symbolAsks.push(vscode.workspace.asRelativePath(doc.uri, false));
          if (doc.uri.toString() === broken.toString()) throw new Error('this server fails');
          const range = new vscode.Range(1, 0, 3, 3);
          return [new vscode.DocumentSymbol('total', '', vscode.SymbolKind.Function, range, new vscode.Range(1, 7, 1, 12))];
        },
      }),
    ];
    try {
      const doc = await vscode.workspace.openTextDocument(main);
      const path = vscode.workspace.asRelativePath(main, false);
      const uses = ['total', 'tax', 'missing'].map((name) => ({ name, count: 1, distance: 0, line: 1, column: doc.lineAt(1).text.indexOf(name) }));
      const server = new ServerDefinitions(index, (d) => index.update(vscode.workspace.asRelativePath(d.uri, false), d.languageId, d.getText(), d.version), () => true);
      await server.gather(doc, uses, Date.now() + 10_000);
      const got = (name) => server.ready(path, uses.filter((u) => u.name === name));
      // The parser has no grammar for the file: the server's own symbols give the definition line.
      assert.equal(index.outline('ctxdsl/lib.flintdsl'), undefined);
      assert.deepEqual(got('total').map((i) => [i.path, i.line, i.text]), [['ctxdsl/lib.flintdsl', 1, 'define total(items) =']]);
      // A document-symbol provider that throws, and a name no definition provider answers: nothing.
      assert.deepEqual(got('tax'), []);
      assert.deepEqual(got('missing'), []);
      assert.ok(symbolAsks.includes('ctxdsl/lib.flintdsl') && symbolAsks.includes('ctxdsl/broken.flintdsl'), `document symbols asked for ${symbolAsks.join(', ')}`);
    } finally {
      for (const d of subscriptions) d.dispose();
      await vscode.workspace.fs.delete(folder, { recursive: true });
    }
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
