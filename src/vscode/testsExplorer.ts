import * as vscode from 'vscode';
import { findTestLine } from '../tests/runnerOutput';
import type { Framework, RunOutcome, TestCaseResult } from '../tests/testTypes';

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

/**
 * Flint's results in VS Code's Testing API: one item per test file Flint ran, one child per
 * test, each with its outcome, duration and failure message (pass/fail icons in the gutter come
 * with the item's range). The Run button runs the file again through `rerun`.
 */
export class TestsExplorer implements vscode.Disposable {
  readonly controller = vscode.tests.createTestController('flint.tests', 'Flint Tests');
  /** What each test item was (for the Fix actions of its failure message). */
  private readonly failed = new Map<string, FailedTest>();
  private readonly sources = new Map<string, string>();

  constructor(rerun: (testFile: string) => Promise<void>) {
    this.controller.createRunProfile('Run', vscode.TestRunProfileKind.Run, async (request) => {
      const files = new Set<string>();
      for (const item of request.include ?? [...this.fileItems()]) files.add((item.parent ?? item).uri!.fsPath);
      for (const f of files) await rerun(f);
    }, true);
  }

  private *fileItems(): Iterable<vscode.TestItem> {
    for (const [, item] of this.controller.items) yield item;
  }

  /** The failure recorded for a test item's id. */
  failure(id: string): FailedTest | undefined {
    return this.failed.get(id);
  }

  /** Shows a run that is under way (the items spin). */
  started(testFile: string): vscode.TestRun {
    const file = this.fileItem(testFile);
    const run = this.controller.createTestRun(new vscode.TestRunRequest([file]), `Flint: ${vscode.workspace.asRelativePath(testFile)}`, false);
    run.enqueued(file);
    file.children.forEach((c) => run.started(c));
    return run;
  }

  /** Records a finished run: each test's outcome, or the whole file errored with the runner's output. */
  async finished(run: vscode.TestRun, testFile: string, framework: Framework, outcome: RunOutcome, source?: string): Promise<void> {
    if (source) this.sources.set(testFile, source);
    const file = this.fileItem(testFile);
    const text = await readText(testFile);
    run.appendOutput(`$ ${outcome.command}\r\n${outcome.output.replace(/\r?\n/g, '\r\n')}\r\n`);
    if (outcome.error) {
      file.children.replace([]);
      run.errored(file, new vscode.TestMessage(`${framework.id}: ${outcome.error}\n\n${outcome.output.slice(-4000)}`));
      run.end();
      return;
    }
    const items = outcome.tests.map((t) => {
      const item = this.controller.createTestItem(`${testFile}::${t.name}`, t.name, file.uri);
      const line = t.line ?? findTestLine(text, t.title);
      if (line !== undefined) item.range = new vscode.Range(line, 0, line, 0);
      return item;
    });
    file.children.replace(items);
    outcome.tests.forEach((t, i) => {
      const item = items[i];
      this.failed.delete(item.id);
      if (t.status === 'passed') run.passed(item, t.durationMs);
      else if (t.status === 'skipped') run.skipped(item);
      else {
        const message = new vscode.TestMessage(t.message ?? 'failed');
        message.contextValue = 'flint.failedTest';
        if (item.range) message.location = new vscode.Location(item.uri!, item.range);
        this.failed.set(item.id, { testFile, source: this.sources.get(testFile), result: t });
        run.failed(item, message, t.durationMs);
      }
    });
    if (outcome.tests.some((t) => t.status === 'failed')) run.failed(file, [], outcome.runnerMs);
    else run.passed(file, outcome.runnerMs);
    run.end();
  }

  /** Shows a test file's item, with its latest results, in the Test Explorer. */
  async reveal(testFile: string): Promise<void> {
    const item = this.controller.items.get(testFile);
    if (item) await vscode.commands.executeCommand('vscode.revealTestInExplorer', item);
    else await vscode.commands.executeCommand('workbench.view.testing.focus');
  }

  dispose(): void {
    this.controller.dispose();
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

async function readText(path: string): Promise<string> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.file(path)));
  } catch {
    return '';
  }
}
