#!/usr/bin/env node
// Context as a user meets it, in a real VS Code (code-server + headless Chromium): real projects
// nobody here wrote, each opened whole as the workspace in a fresh window (the TypeScript server
// running in full, the index warming): rxjs's TypeScript sources (its published tarball, fetched
// with `npm pack` into .cache/bench-projects) and a package of the machine's Python standard
// library (`--python=NAME`, lib2to3 by default).
// At lines that use a name imported from a file of the project never opened in that window, the
// cursor arrives by Go to Line at the end of the line (ghost text is asked for as it arrives),
// the line is emptied and its first 3 characters are typed at 90 ms a key. A relay between Flint
// and the endpoint keeps every prompt sent. Figures:
//   cuts: lines reached;
//   definition_recall_first_request: cuts whose first ghost-text request at the line (the one
//     whose answer is shown first) carries the name's definition line (its signature: `class X`,
//     `function x(`, `def x(`, `X =` in the context before the file's own text);
//   definition_recall_by_key_3: cuts where any request up to the third key carries it;
//   junk_share: of the context characters of first requests, those the open file gives of its
//     own text that the prompt's window holds already, or that repeat a line of the context;
//   cuts_with_no_context: cuts none of whose requests carried any context;
//   misses: the cuts whose first request or whose requests up to the third key lacked it, and why.
// Shares with 95 % Wilson intervals; junk_share's interval resamples cuts. Writes
// bench/results/context-editor.json. `--cuts=N`: cuts per project (default 80).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, posix, relative, resolve } from 'node:path';
import { INSTALL_COMMAND, missingPrerequisites } from '../scripts/installE2E.mjs';
import { launchBrowser, newPage } from '../support/e2e/browser.mjs';
import { buildIfStale } from '../support/e2e/build.mjs';
import { startCodeServer } from '../support/e2e/codeServer.mjs';
import { startCountingRelay } from '../support/e2e/countingRelay.mjs';
import { goToLine, openPath } from '../support/e2e/editActions.mjs';
import { endpointSettings, startEndpoint } from '../support/e2e/endpoint.mjs';
import { ProcessGroups } from '../support/e2e/processGroup.mjs';
import { sleep, until } from '../support/until.mjs';
import { Workbench } from '../support/e2e/workbench.mjs';
import { bootstrapCi, shareFigure } from './sampleStats.mjs';

const root = resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const flag = (name, fallback) => argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1) ?? fallback;
const CUTS_PER_PROJECT = Math.max(1, Number(flag('--cuts', 80)));
const CUTS_PER_FILE = 4;
const KEY_MS = 90;
const KEYS = 3;
/** After the third key: its request is out well within this (debounce 0). */
const AFTER_KEYS_MS = 700;
const MIN_JUNK_LINE = 12;
const RXJS = 'rxjs@7.8.1';
const PY_PACKAGE = flag('--python', 'lib2to3');

/** rxjs's sources from its published tarball, unpacked once under .cache/bench-projects. */
function fetchRxjs() {
  const dir = join(root, '.cache', 'bench-projects');
  const unpacked = join(dir, 'rxjs');
  if (existsSync(join(unpacked, 'src', 'internal', 'Observable.ts'))) return unpacked;
  mkdirSync(unpacked, { recursive: true });
  const tarball = execFileSync('npm', ['pack', RXJS, '--silent', '--pack-destination', dir], { cwd: dir, encoding: 'utf8', timeout: 120_000 }).trim().split('\n').pop();
  execFileSync('tar', ['-xzf', join(dir, tarball), '-C', unpacked, '--strip-components=1', 'package/src', 'package/package.json', 'package/tsconfig.json'], { timeout: 60_000 });
  return unpacked;
}

/** The machine's Python standard library package. */
function pythonPackage() {
  const lib = execFileSync('python3', ['-c', 'import sysconfig; print(sysconfig.get_paths()["stdlib"])'], { encoding: 'utf8', timeout: 20_000 }).trim();
  const dir = join(lib, PY_PACKAGE);
  if (!existsSync(join(dir, '__init__.py'))) throw new Error(`no ${PY_PACKAGE} package in ${lib}`);
  return dir;
}

const pythonVersion = () => execFileSync('python3', ['--version'], { encoding: 'utf8', timeout: 20_000 }).trim();

const walk = (dir) => readdirSync(dir).flatMap((e) => {
  const p = join(dir, e);
  if (e === 'node_modules' || e === '__pycache__' || e.startsWith('.')) return [];
  return statSync(p).isDirectory() ? walk(p) : [p];
});

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Where a top-level `name` is defined in a file's text (its declaration line), as a pattern. */
const definedIn = (text, name, python) =>
  python
    ? new RegExp(`^(?:class|def|async def)\\s+${escape(name)}\\b|^${escape(name)}\\s*(?::[^=\\n]*)?=`, 'm').test(text)
    : new RegExp(`^(?:export\\s+)?(?:declare\\s+)?(?:abstract\\s+)?(?:async\\s+)?(?:class|function\\*?|interface|type|enum|const|let|var)\\s+${escape(name)}\\b`, 'm').test(text);
/** A line of a prompt's context that is the name's definition line. */
const definitionLine = (name) => new RegExp(`(?:^|\\s)(?:class|function\\*?|interface|type|enum|const|let|var|def)\\s+${escape(name)}\\b|^\\s*${escape(name)}\\s*(?::[^=]*)?=`, 'm');

/** The named imports of a file from other files of the project: local name → [imported name, file]. */
function importsOf(path, text, files, python) {
  const out = new Map();
  const add = (local, imported, target) => {
    if (target && target !== path && files.has(target) && definedIn(files.get(target), imported, python)) out.set(local, [imported, target]);
  };
  if (python) {
    // Relative imports, and absolute ones of the package itself (`from lib2to3.pytree import Leaf`).
    for (const m of text.matchAll(new RegExp(`^from\\s+(\\.+|${escape(PY_PACKAGE)}\\.)([\\w.]*)\\s+import\\s+(\\([^)]*\\)|[^\\n]+)`, 'gm'))) {
      let dir = m[1].startsWith('.') ? posix.dirname(path) : '.';
      for (let i = 1; m[1].startsWith('.') && i < m[1].length; i++) dir = posix.dirname(dir);
      const base = m[2] ? posix.join(dir, ...m[2].split('.')) : undefined;
      const target = base && (files.has(`${base}.py`) ? `${base}.py` : files.has(`${base}/__init__.py`) ? `${base}/__init__.py` : undefined);
      for (const part of m[3].replace(/[()]/g, '').split(',')) {
        const [imported, local = imported] = part.trim().split(/\s+as\s+/);
        if (/^\w+$/.test(imported ?? '')) add(local, imported, target);
      }
    }
  } else {
    for (const m of text.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+['"](\.{1,2}\/[^'"]+)['"]/gm)) {
      const base = posix.join(posix.dirname(path), m[2]);
      const target = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((t) => files.has(t));
      for (const part of m[1].split(',')) {
        const [imported, local = imported] = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/);
        if (/^[\w$]+$/.test(imported ?? '')) add(local, imported, target);
      }
    }
  }
  return out;
}

/** Lines worth a cut in `path`: below its imports, using an imported name, not a comment; a few per file, spread out. */
function cutsOf(path, text, files, python) {
  const imports = importsOf(path, text, files, python);
  if (!imports.size) return [];
  const lines = text.split('\n');
  // The last line of the import statements, a parenthesised Python import's last line included:
  // emptying a line inside one would break the file's imports for every later cut.
  let lastImport = 0;
  for (let i = 0; i < lines.length; i++) {
    if (!/^(import|from)\s|^\s*\}\s*from\s/.test(lines[i])) continue;
    lastImport = i;
    if (python && lines[i].includes('(') && !lines[i].includes(')')) while (lastImport + 1 < lines.length && !lines[lastImport].includes(')')) lastImport++;
  }
  const cuts = [];
  for (let i = lastImport + 1; i < lines.length && cuts.length < CUTS_PER_FILE; i++) {
    const line = lines[i];
    const trimmed = line.trim();
    if (trimmed.length < 8 || trimmed.length > 120 || /^(\/\/|\/?\*|#|'|")/.test(trimmed) || (cuts.length && i - cuts.at(-1).line < 6)) continue;
    const used = [...imports.keys()].find((local) => new RegExp(`(?<![\\w$.])${escape(local)}(?![\\w$])`).test(line));
    if (!used) continue;
    const [name, target] = imports.get(used);
    cuts.push({ path, line: i, text: line, indent: line.length - line.trimStart().length, name, target });
  }
  return cuts;
}

/**
 * The cuts of a project, file by file, none of whose defining files was opened before it: the
 * files other files import least are visited first (those imported most, never or last).
 */
function selectCuts(files, python) {
  const all = new Map([...files.keys()].map((path) => [path, cutsOf(path, files.get(path), files, python)]));
  const imported = new Map();
  for (const cuts of all.values()) for (const c of cuts) imported.set(c.target, (imported.get(c.target) ?? 0) + 1);
  const order = [...files.keys()].sort((a, b) => (imported.get(a) ?? 0) - (imported.get(b) ?? 0) || (a < b ? -1 : 1));
  const opened = new Set();
  const out = [];
  for (const path of order) {
    if (out.length >= CUTS_PER_PROJECT) break;
    const cuts = all.get(path).filter((c) => !opened.has(c.target)).slice(0, CUTS_PER_PROJECT - out.length);
    if (!cuts.length) continue;
    opened.add(path);
    out.push(...cuts);
  }
  return out;
}

/** Every string in a `response.create` frame joined: the prompt as sent. */
function promptOf(frame) {
  const strings = [];
  const visit = (v) => {
    if (typeof v === 'string') strings.push(v);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) visit(x);
  };
  visit(JSON.parse(frame));
  return strings.find((s) => s.includes('<|cursor|>')) ?? '';
}

/** A ghost-text prompt split at its file line: the context before, the file's own window after. */
function splitPrompt(prompt, path) {
  const at = prompt.indexOf(`File ${path} (`);
  return at < 0 ? { context: '', own: prompt } : { context: prompt.slice(0, at), own: prompt.slice(at) };
}

/**
 * Context characters of a prompt, and the junk among them: lines given under the open file's
 * own label that its window holds already, and lines that repeat a line given before in the
 * context (lines of MIN_JUNK_LINE characters or more). Section titles and labels are not counted.
 */
function junkOf(prompt, path) {
  const { context, own } = splitPrompt(prompt, path);
  const ownLines = new Set(own.split('\n').map((l) => l.trim()).filter((l) => l.length >= MIN_JUNK_LINE));
  const seen = new Set();
  let label = '';
  let chars = 0;
  let junk = 0;
  for (const raw of context.split('\n')) {
    const l = raw.trim();
    if (l.startsWith('--- ')) {
      label = l.slice(4).replace(/:\d+$/, '');
      continue;
    }
    if (!l || (/:$/.test(l) && !/[;{}()=]/.test(l))) continue;
    chars += raw.length + 1;
    if (l.length >= MIN_JUNK_LINE && ((label === path && ownLines.has(l)) || seen.has(l))) junk += raw.length + 1;
    seen.add(l);
  }
  return { chars, junk };
}

// Built from parts: this file itself holds no credential-shaped string.
const SAMPLE_TOKEN = ['eyJhbGciOiJIUzI1NiJ9', 'eyJzdWIiOiIxMjM0NTY3ODkwIn0', 'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'].join('.');

/** Appends a sample token to the first file visited; returns its path. */
function withSampleToken(project) {
  const files = projectFiles(project);
  const path = selectCuts(files, project.python)[0].path;
  const line = project.python ? `\nSAMPLE_TOKEN = '${SAMPLE_TOKEN}'\n` : `\nexport const SAMPLE_TOKEN = '${SAMPLE_TOKEN}';\n`;
  writeFileSync(join(project.dir, path), `${files.get(path).replace(/\n*$/, '\n')}${line}`);
  return path;
}

/**
 * Why a prompt lacks the definition of `cut.name`, from what it carries: none sent, no context,
 * the defining file absent (not resolved, or not indexed yet), or present without the name's
 * definition (the budget or the ranking left it out).
 */
function whyMissing(prompt, cut) {
  if (prompt === undefined) return 'no request';
  const { context } = splitPrompt(prompt, cut.path);
  if (!context.trim()) return 'no context';
  if (!context.includes(`--- ${cut.target}`)) return /^--- /m.test(context) && /^Definitions of names used here/m.test(context) ? 'defining file absent from the definitions' : 'no definitions at all';
  return 'defining file present, the name left out';
}

/** One cut: arrive at the end of the line by Go to Line, empty it, type its first keys. */
async function runCut(ctx, cut) {
  const { wb, page, relay } = ctx;
  const from = relay.created.length;
  const mine = () => relay.created.slice(from).map(promptOf).filter((p) => p.includes(`File ${cut.path} (`));
  await goToLine(wb, page, cut.line + 1, cut.text.length + 1);
  // The arrival's request (none when what is kept serves the place, or the policy bounds it).
  await until('the arrival request', () => mine().length > 0 || undefined, 1_500).catch(() => undefined);
  await wb.press('Shift+Home');
  await wb.press('Backspace');
  await wb.type(cut.text.trim().slice(0, KEYS), { delayMs: KEY_MS });
  await sleep(AFTER_KEYS_MS);
  const prompts = mine();
  const has = (p) => definitionLine(cut.name).test(splitPrompt(p, cut.path).context);
  return {
    path: cut.path,
    line: cut.line + 1,
    name: cut.name,
    target: cut.target,
    requests: prompts.length,
    first: prompts.length ? has(prompts[0]) : false,
    by_key_3: prompts.some(has),
    ...(prompts.length && has(prompts[0]) ? {} : { first_missing: whyMissing(prompts[0], cut) }),
    ...(prompts.some(has) ? {} : { by_key_3_missing: whyMissing(prompts.at(-1), cut) }),
    context: prompts.some((p) => splitPrompt(p, cut.path).context.trim().length > 0),
    token_sent: prompts.some((p) => p.includes(SAMPLE_TOKEN.slice(0, 40))),
    ...(prompts.length ? junkOf(prompts[0], cut.path) : { chars: 0, junk: 0 }),
    // What the first request's context was, to audit the figures.
    first_context: prompts.length ? splitPrompt(prompts[0], cut.path).context : '',
  };
}

const projectFiles = (project) => new Map(walk(project.dir).filter((f) => project.ext.test(f)).map((f) => [relative(project.dir, f).split('\\').join('/'), readFileSync(f, 'utf8')]));

/** A project in a fresh window: its cuts, the defining files never opened there. */
async function runProject(server, browser, project, relay) {
  const files = projectFiles(project);
  const page = await newPage(browser);
  await page.setViewportSize({ width: 1280, height: 800 });
  const wb = new Workbench(page);
  await wb.open(server.pageUrl({ folder: project.dir, extensionDevelopmentPaths: [root] }));
  await wb.statusBarItem('Flint', { timeoutMs: 90_000 });
  await until('Flint connected through the relay', () => relay.connections > 0 || undefined, 90_000);
  const ctx = { wb, page, relay };
  const results = [];
  const byFile = new Map();
  for (const c of selectCuts(files, project.python)) byFile.set(c.path, [...(byFile.get(c.path) ?? []), c]);
  for (const [path, cuts] of byFile) {
    await openPath(wb, page, join(project.dir, path));
    for (const cut of cuts) {
      const r = await runCut(ctx, cut);
      results.push(r);
      console.log(`context-editor ${project.name} ${r.path}:${r.line} ${r.name} (${r.target}): ${r.requests} requests, first ${r.first ? 'carries' : 'lacks'} it, by key 3 ${r.by_key_3 ? 'yes' : 'no'}, junk ${r.junk}/${r.chars}`);
    }
    await wb.runCommand('File: Revert File');
    await wb.press('Control+W');
    // Should the revert not have landed, the editor asks whether to save: nothing is.
    const dontSave = page.locator('.monaco-dialog-box .monaco-button', { hasText: "Don't Save" }).first();
    if (await dontSave.waitFor({ timeout: 1_000 }).then(() => true, () => false)) await dontSave.click();
  }
  await page.close();
  return results;
}

async function main() {
  const projects = [
    { name: 'rxjs', dir: fetchRxjs(), ext: /\.ts$/, python: false },
    { name: PY_PACKAGE, dir: pythonPackage(), ext: /\.py$/, python: true },
  ];
  if (argv.includes('--list')) {
    // The cuts each project offers, without opening an editor.
    for (const p of projects) {
      const files = projectFiles(p);
      const cuts = selectCuts(files, p.python);
      console.log(`${p.name}: ${files.size} files, ${cuts.length} candidate cuts in ${new Set(cuts.map((c) => c.path)).size} files; e.g. ${cuts.slice(0, 3).map((c) => `${c.path}:${c.line + 1} ${c.name} → ${c.target}`).join('; ')}`);
    }
    return 0;
  }
  const missing = missingPrerequisites();
  if (missing.length) throw new Error(`missing ${missing.join(', ')}; install with: ${INSTALL_COMMAND}`);
  buildIfStale(root);
  const groups = new ProcessGroups();
  const scratch = mkdtempSync(join(tmpdir(), 'flint-bench-context-editor-'));
  groups.onStop(() => rmSync(scratch, { recursive: true, force: true }));
  try {
    const endpoint = await startEndpoint(groups, { engine: 'scripted' });
    const relay = await startCountingRelay(endpoint.wsUrl);
    groups.onStop(() => relay.close());
    const settings = {
      ...endpointSettings(endpoint),
      'flint.fast.url': relay.url,
      'flint.completions.debounceMs': 0,
      'flint.nextEdit.enable': { '*': false },
      'editor.autoClosingBrackets': 'never',
      'editor.autoClosingQuotes': 'never',
      'editor.autoIndent': 'none',
      // As a user's window runs it: the TypeScript server in full.
      'typescript.tsserver.useSyntaxServer': 'never',
    };
    const [server, browser] = await Promise.all([startCodeServer(groups, { settings }), launchBrowser(groups)]);
    const all = [];
    for (const project of projects) {
      // A copy of each (nothing where it is installed or cached is touched), one file of it
      // holding a sample token at its end, as the tests of auth code do.
      const copy = join(scratch, project.name);
      cpSync(project.dir, copy, { recursive: true, filter: (src) => !src.includes('__pycache__') });
      project.dir = copy;
      project.tokenFile = withSampleToken(project);
      const results = await runProject(server, browser, project, relay);
      all.push(...results.map((r) => ({ project: project.name, ...r })));
    }
    const n = all.length;
    const sum = (xs, k) => xs.reduce((s, x) => s + x[k], 0);
    const result = {
      projects: [RXJS, `${pythonVersion()} standard library: ${PY_PACKAGE}`],
      cuts: n,
      ...shareFigure('definition_recall_first_request', all.filter((r) => r.first).length, n),
      ...shareFigure('definition_recall_by_key_3', all.filter((r) => r.by_key_3).length, n),
      junk_share: sum(all, 'chars') ? Math.round((sum(all, 'junk') / sum(all, 'chars')) * 1000) / 1000 : null,
      junk_share_n: n,
      junk_share_ci: bootstrapCi([all], (cuts) => sum(cuts, 'junk') / Math.max(1, sum(cuts, 'chars')))?.map((x) => Math.round(x * 1000) / 1000) ?? null,
      cuts_with_no_context: all.filter((r) => !r.context).length,
      cuts_with_no_request: all.filter((r) => r.requests === 0).length,
      cuts_in_files_holding_a_token: all.filter((r) => projects.some((p) => p.name === r.project && p.tokenFile === r.path)).length,
      cuts_sending_the_token: all.filter((r) => r.token_sent).length,
      load_average_1m: Math.round(loadavg()[0] * 100) / 100,
      // The cuts that missed, and why (from what their prompts carried).
      misses: all.filter((r) => !r.first || !r.by_key_3).map((r) => ({ project: r.project, at: `${r.path}:${r.line}`, name: r.name, target: r.target, first: r.first_missing ?? 'carried', by_key_3: r.by_key_3_missing ?? 'carried' })),
      per_project: Object.fromEntries(projects.map((p) => {
        const mine = all.filter((r) => r.project === p.name);
        return [p.name, { cuts: mine.length, first: mine.filter((r) => r.first).length, by_key_3: mine.filter((r) => r.by_key_3).length, no_context: mine.filter((r) => !r.context).length }];
      })),
      cut_results: all,
      at: new Date().toISOString(),
    };
    for (const m of result.misses) console.log(`context-editor miss ${m.project} ${m.at} ${m.name} (${m.target}): first ${m.first}; by key 3 ${m.by_key_3}`);
    console.log(`context-editor: ${n} cuts; recall first request ${result.definition_recall_first_request} ${JSON.stringify(result.definition_recall_first_request_ci)}, by key 3 ${result.definition_recall_by_key_3} ${JSON.stringify(result.definition_recall_by_key_3_ci)}, junk ${result.junk_share} ${JSON.stringify(result.junk_share_ci)}, no context ${result.cuts_with_no_context}`);
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(join(root, 'bench', 'results', 'context-editor.json'), `${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } finally {
    await groups.stopAll();
  }
}

main().then(
  (code) => { process.exitCode = code; },
  (err) => { console.error(`context-editor bench: ${err.stack ?? err.message}`); process.exitCode = 1; },
);
