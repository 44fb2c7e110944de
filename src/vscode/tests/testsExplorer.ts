import { sep } from 'node:path';
import * as vscode from 'vscode';
import { findTestLine } from '../../tests/runnerOutput';
import { languageOf } from '../../tests/sourceFunctions';
import { testDeclarations } from '../../tests/testDeclarations';
import { isTestPath } from '../../tests/testPaths';
import type { Framework, RunOutcome, TestCaseResult } from '../../tests/testTypes';

/** A failing test Flint can offer fixes for: where it is and what it tests. */
export interface FailedTest {
  testFile: string;
  /** The source file whose tests these are (Flint's own files), when known. */
  source?: string;
  result: TestCaseResult;
  /** It passed before the change that made it fail. */
  regression?: boolean;
  /** The changed function it is about, and that function's text before the change. */
  fn?: string;
  previous?: string;
}

/** Runs the asked tests of one file (all of them when `only` is undefined) into `run`, with coverage when asked. */
export type RunFile = (testFile: string, only: string[][] | undefined, run: vscode.TestRun, signal: AbortSignal, coverage: boolean) => Promise<void>;

/** Test files of every framework Flint runs: vitest/jest/node --test, pytest, go test. */
export const TEST_FILES = '**/{*.test.ts,*.test.tsx,*.test.mts,*.test.cts,*.test.js,*.test.jsx,*.test.mjs,*.test.cjs,*.spec.ts,*.spec.tsx,*.spec.js,*.spec.jsx,*.spec.mjs,test_*.py,*_test.py,*_test.go}';
const NOT_SEARCHED = '**/{node_modules,.git,.venv,venv,dist,out,build,.cache,__pycache__}/**';
/** Most test files listed per workspace folder. */
const MAX_FILES = 2000;

const idOf = (testFile: string, path: string[]) => `${testFile}::${path.join(' > ')}`;

/**
 * The Test Explorer: every test file of the workspace (Flint's and the user's) listed when the
 * window opens, with their describe blocks and tests, kept up to date as files change; results
 * of every run on those items (pass/fail in the gutter come with their ranges). Running an item
 * runs only it; Cancel stops the run's processes.
 */
export class TestsExplorer implements vscode.Disposable {
  readonly controller = vscode.tests.createTestController('flint.tests', 'Flint Tests');
  /** What each failed test item was (for the Fix actions of its failure message). */
  private readonly failed = new Map<string, FailedTest>();
  private readonly sources = new Map<string, string>();
  /** Each test item's titles, outermost first (a file's item has none). */
  private readonly paths = new WeakMap<vscode.TestItem, string[]>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly details = new WeakMap<vscode.FileCoverage, vscode.StatementCoverage[]>();

  /** `forgotten`: a test file, or a folder, was deleted (what is known of its tests goes too). */
  /** `regressed`: whether a failing test passed before (the ledger's word): its message offers no "Fix the test". */
  constructor(runFile: RunFile, forgotten: (path: string) => void, private readonly regressed: (testFile: string, name: string) => boolean = () => false) {
    this.controller.createRunProfile('Run', vscode.TestRunProfileKind.Run, (request, token) => this.runRequest(request, token, runFile, false), true);
    const coverage = this.controller.createRunProfile('Run with Coverage', vscode.TestRunProfileKind.Coverage, (request, token) => this.runRequest(request, token, runFile, true), true);
    coverage.loadDetailedCoverage = async (_run, file) => this.details.get(file) ?? [];
    // The Refresh button reads the workspace's test files again (a file the watcher missed shows up).
    this.controller.refreshHandler = () => this.discover();
    const watcher = vscode.workspace.createFileSystemWatcher(TEST_FILES);
    // A deleted folder is reported as itself, not as each test file it held.
    const deletions = vscode.workspace.createFileSystemWatcher('**/*', true, true, false);
    this.disposables.push(
      watcher,
      deletions,
      watcher.onDidCreate((uri) => void this.readFile(uri)),
      watcher.onDidChange((uri) => void this.readFile(uri)),
      deletions.onDidDelete((uri) => {
        this.forget(uri.fsPath);
        // A source file's deletion concerns no test.
        if (!languageOf(uri.path) || isTestPath(uri.path)) forgotten(uri.fsPath);
      }),
    );
  }

  /** Lists the test files of the workspace folders with what they declare. */
  async discover(): Promise<void> {
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const files = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, TEST_FILES), NOT_SEARCHED, MAX_FILES);
      for (const uri of files) await this.readFile(uri);
    }
  }

  /** (Re)reads one test file's declarations. */
  async readFile(uri: vscode.Uri): Promise<void> {
    if (languageOf(uri.path) && !NOT_SEARCHED_RE.test(uri.path)) this.list(uri.fsPath, await readText(uri.fsPath));
  }

  /** Lists what a test file declares; items keep their ids, so results stay on them. */
  private list(testFile: string, text: string): void {
    const language = languageOf(testFile);
    if (!language) return;
    const file = this.fileItem(testFile);
    const items = new Map<string, vscode.TestItem>();
    const top: vscode.TestItem[] = [];
    for (const d of testDeclarations(text, language)) {
      const item = this.item(testFile, d.path, new vscode.Range(d.startLine, 0, d.startLine, 0));
      items.set(d.path.join(' > '), item);
      const parent = items.get(d.path.slice(0, -1).join(' > '));
      if (d.path.length > 1 && parent) parent.children.add(item);
      else top.push(item);
    }
    file.children.replace(top);
  }

  /** Removes the items of a deleted test file, or of every test file under a deleted folder. */
  private forget(path: string): void {
    for (const [id] of this.controller.items) if (id === path || id.startsWith(path + sep)) this.controller.items.delete(id);
  }

  /** The failure recorded for a test item's id. */
  failure(id: string): FailedTest | undefined {
    return this.failed.get(id);
  }

  /** A run of a whole test file that is under way (the items spin). */
  started(testFile: string): vscode.TestRun {
    const file = this.fileItem(testFile);
    const run = this.controller.createTestRun(new vscode.TestRunRequest([file]), `Flint: ${vscode.workspace.asRelativePath(testFile)}`, false);
    run.enqueued(file);
    file.children.forEach((c) => run.started(c));
    return run;
  }

  /** Records a finished run: each test's outcome, or the whole file errored with the runner's output. */
  async finished(run: vscode.TestRun, testFile: string, framework: Framework, outcome: RunOutcome, source?: string, end = true): Promise<void> {
    if (source) this.sources.set(testFile, source);
    const file = this.fileItem(testFile);
    run.appendOutput(`$ ${outcome.command}\r\n${outcome.output.replace(/\r?\n/g, '\r\n')}\r\n`);
    if (outcome.error) {
      run.errored(file, new vscode.TestMessage(`${framework.id}: ${outcome.error}\n\n${outcome.output.slice(-4000)}`));
      if (end) run.end();
      return;
    }
    // The file as it is now (a file the watcher has not reported yet is read here): results land on its declared items.
    const text = await readText(testFile);
    this.list(testFile, text);
    for (const t of outcome.tests) this.result(run, file, text, testFile, t);
    this.addCoverage(run, outcome);
    if (outcome.tests.some((t) => t.status === 'failed')) run.failed(file, [], outcome.runnerMs);
    else run.passed(file, outcome.runnerMs);
    if (end) run.end();
  }

  private result(run: vscode.TestRun, file: vscode.TestItem, text: string, testFile: string, t: TestCaseResult): void {
    const id = idOf(testFile, t.name.split(' > '));
    let item = this.find(file, id);
    if (!item) {
      // A test the file's lines do not show (a title built at run time): listed as the runner names it.
      const line = t.line ?? findTestLine(text, t.title);
      item = this.item(testFile, t.name.split(' > '), line !== undefined ? new vscode.Range(line, 0, line, 0) : undefined, t.name);
      file.children.add(item);
    }
    this.failed.delete(item.id);
    if (t.status === 'passed') run.passed(item, t.durationMs);
    else if (t.status === 'skipped') run.skipped(item);
    else {
      const message = new vscode.TestMessage(t.message ?? 'failed');
      message.contextValue = this.regressed(testFile, t.name) ? 'flint.regression' : 'flint.failedTest';
      if (item.range) message.location = new vscode.Location(item.uri!, item.range);
      this.failed.set(item.id, { testFile, source: this.sources.get(testFile), result: t });
      run.failed(item, message, t.durationMs);
    }
  }

  /** What the run reached, per source file, for the editor's coverage view. */
  private addCoverage(run: vscode.TestRun, outcome: RunOutcome): void {
    if (outcome.coverageNote) run.appendOutput(`coverage: ${outcome.coverageNote}\r\n`);
    for (const f of outcome.coverage ?? []) {
      const statements = f.statements.map((s) => new vscode.StatementCoverage(s.count, new vscode.Range(s.line, s.column ?? 0, s.endLine ?? s.line, s.endColumn ?? Number.MAX_SAFE_INTEGER)));
      const covered = statements.filter((s) => Number(s.executed) > 0).length;
      const fc = new vscode.FileCoverage(vscode.Uri.file(f.path), new vscode.TestCoverageCount(covered, statements.length));
      this.details.set(fc, statements);
      run.addCoverage(fc);
    }
  }

  /** Shows a test file's item, with its latest results, in the Test Explorer. */
  async reveal(testFile: string): Promise<void> {
    const item = this.controller.items.get(testFile);
    if (item) await vscode.commands.executeCommand('vscode.revealTestInExplorer', item);
    else await vscode.commands.executeCommand('workbench.view.testing.focus');
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.controller.dispose();
  }

  private async runRequest(request: vscode.TestRunRequest, token: vscode.CancellationToken, runFile: RunFile, coverage: boolean): Promise<void> {
    const files = this.askedFiles(request);
    const run = this.controller.createTestRun(request);
    const controller = new AbortController();
    const off = token.onCancellationRequested(() => controller.abort());
    try {
      for (const [testFile, asked] of files) {
        if (controller.signal.aborted) break;
        asked.items.forEach((i) => run.started(i));
        await runFile(testFile, asked.only, run, controller.signal, coverage);
      }
    } finally {
      off.dispose();
      run.end();
    }
  }

  /** The files a request runs, each with the asked items and their titles (none: the whole file). */
  private askedFiles(request: vscode.TestRunRequest): Map<string, { items: vscode.TestItem[]; only?: string[][] }> {
    const files = new Map<string, { items: vscode.TestItem[]; only?: string[][] }>();
    for (const item of request.include ?? [...this.fileItems()]) {
      const file = this.fileOf(item);
      const path = this.paths.get(item);
      const asked = files.get(file.id);
      if (!path) files.set(file.id, { items: [file] });
      else if (!asked) files.set(file.id, { items: [item], only: [path] });
      else if (asked.only) {
        asked.items.push(item);
        asked.only.push(path);
      }
    }
    return files;
  }

  private *fileItems(): Iterable<vscode.TestItem> {
    for (const [, item] of this.controller.items) yield item;
  }

  private fileOf(item: vscode.TestItem): vscode.TestItem {
    let top = item;
    while (top.parent) top = top.parent;
    return top;
  }

  private find(root: vscode.TestItem, id: string): vscode.TestItem | undefined {
    const direct = root.children.get(id);
    if (direct) return direct;
    let found: vscode.TestItem | undefined;
    root.children.forEach((c) => {
      found ??= this.find(c, id);
    });
    return found;
  }

  private item(testFile: string, path: string[], range?: vscode.Range, label = path[path.length - 1]): vscode.TestItem {
    const id = idOf(testFile, path);
    const item = this.controller.createTestItem(id, label, vscode.Uri.file(testFile));
    if (range) item.range = range;
    this.paths.set(item, path);
    return item;
  }

  private fileItem(testFile: string): vscode.TestItem {
    const uri = vscode.Uri.file(testFile);
    let item = this.controller.items.get(testFile);
    if (!item) {
      item = this.controller.createTestItem(testFile, vscode.workspace.asRelativePath(uri), uri);
      this.controller.items.add(item);
    }
    return item;
  }
}

const NOT_SEARCHED_RE = /\/(node_modules|\.git|\.venv|venv|dist|out|build|\.cache|__pycache__)\//;

async function readText(path: string): Promise<string> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.file(path)));
  } catch {
    return '';
  }
}
