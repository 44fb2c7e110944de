import * as vscode from 'vscode';
import { languageOf, type FunctionFinder } from '../../tests/sourceFunctions';
import { isTestPath } from '../../tests/testPaths';

/**
 * "Generate tests" above each function and method a test can reach, in source files of the
 * languages Flint writes tests for. None while an inline edit is pending in the document: its
 * preview holds removed and added copies of the same functions, and each lens is a view zone the
 * editor moves on every change above it. (PendingEditLensReset takes them off the screen at the
 * edit's first change; the editor asks again at the stream's first pause.)
 */
export class TestsCodeLens implements vscode.CodeLensProvider {
  constructor(
    private readonly enabled: () => boolean,
    private readonly editPending: (document: vscode.TextDocument) => boolean,
    private readonly findFunctions: FunctionFinder,
  ) {}

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    const language = languageOf(document.uri.path);
    if (!this.enabled() || !language || isTestPath(document.uri.path) || document.lineCount > 20_000) return [];
    if (this.editPending(document)) return [];
    const functions = await this.findFunctions(document.getText(), document.uri.fsPath);
    return functions
      .filter((f) => f.testable)
      .map(
        (f) =>
          new vscode.CodeLens(new vscode.Range(f.startLine, 0, f.startLine, 0), {
            title: 'Flint: Generate Tests',
            tooltip: `Write tests for ${f.name} in the project's test framework`,
            command: 'flint.generateTests',
            arguments: [{ uri: document.uri.toString(), line: f.startLine }],
          }),
      );
  }
}
