import * as vscode from 'vscode';
import { functionByKey } from '../../tests/functionKeys';
import type { FunctionFinder } from '../../tests/sourceFunctions';
import type { LedgerEntry, TestLedger } from '../../tests/testLedger';
import type { FailedTest } from './testsExplorer';
import { firstLine } from './testsReport';
import { relativeName } from './testsWorkspace';

const SOURCE = 'Flint tests';

/** The failure a regression diagnostic stands for (the Quick Fixes' argument). */
function failureOf(e: LedgerEntry): FailedTest {
  return { testFile: e.testFile, ...(e.source ? { source: e.source } : {}), result: { name: e.name, title: e.title, status: 'failed', ...(e.message ? { message: e.message } : {}), ...(e.line !== undefined ? { line: e.line } : {}) }, regression: true, ...(e.fn ? { fn: e.fn } : {}) };
}

/**
 * Regressions on the code: each test that passed and fails now is a Flint diagnostic on the
 * changed function it is about (its first line), naming the test and its failure, with Fix the
 * code and Update the test as Quick Fixes. They follow the ledger: a passing run clears them.
 */
export class RegressionDiagnostics implements vscode.CodeActionProvider, vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('flint-tests');
  private readonly failures = new WeakMap<vscode.Diagnostic, FailedTest>();
  private readonly offLedger: () => void;
  private rendering = Promise.resolve();

  constructor(
    private readonly ledger: TestLedger,
    private readonly findFunctions: FunctionFinder,
  ) {
    this.offLedger = ledger.onChange(() => this.render());
    this.render();
  }

  /** Re-reads the ledger (also when a source changed, so a diagnostic follows its function). */
  render(): Promise<void> {
    this.rendering = this.rendering.then(() => this.draw()).catch(() => undefined);
    return this.rendering;
  }

  private async draw(): Promise<void> {
    const bySource = new Map<string, LedgerEntry[]>();
    for (const e of this.ledger.regressions()) if (e.source) bySource.set(e.source, [...(bySource.get(e.source) ?? []), e]);
    this.collection.clear();
    for (const [source, entries] of bySource) {
      const uri = vscode.Uri.file(source);
      const text = await readText(uri);
      if (text === undefined) continue;
      const fns = await this.findFunctions(text, source);
      const diagnostics = entries.map((e) => {
        const fn = e.fn ? functionByKey(fns, e.fn) : undefined;
        const line = fn?.startLine ?? 0;
        const width = text.split(/\r?\n/)[line]?.length ?? 0;
        const d = new vscode.Diagnostic(new vscode.Range(line, 0, line, width), `Regression: "${e.name}" (${relativeName(e.testFile)}) passed before and fails now: ${firstLine(e.message)}`, vscode.DiagnosticSeverity.Error);
        d.source = SOURCE;
        d.code = 'regression';
        this.failures.set(d, failureOf(e));
        return d;
      });
      this.collection.set(uri, diagnostics);
    }
  }

  provideCodeActions(_document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const out: vscode.CodeAction[] = [];
    for (const d of context.diagnostics) {
      const f = d.source === SOURCE ? this.failures.get(d) : undefined;
      if (!f) continue;
      const fix = new vscode.CodeAction('Flint: Fix the code', vscode.CodeActionKind.QuickFix);
      fix.command = { title: 'Fix the code', command: 'flint.tests.fixCode', arguments: [f] };
      fix.diagnostics = [d];
      fix.isPreferred = true;
      const update = new vscode.CodeAction('Flint: Update the test', vscode.CodeActionKind.QuickFix);
      update.command = { title: 'Update the test', command: 'flint.tests.updateTest', arguments: [f] };
      update.diagnostics = [d];
      out.push(fix, update);
    }
    return out;
  }

  dispose(): void {
    this.offLedger();
    this.collection.dispose();
  }
}

async function readText(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open) return open.getText();
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}
