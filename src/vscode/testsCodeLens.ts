import * as vscode from 'vscode';
import { languageOf, sourceFunctions } from '../tests/sourceFunctions';
import { isTestPath } from '../tests/testPaths';

/** "Generate tests" above each function a test can reach, in source files of the languages Flint writes tests for. */
export class TestsCodeLens implements vscode.CodeLensProvider {
  constructor(private readonly enabled: () => boolean) {}

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const language = languageOf(document.uri.path);
    if (!this.enabled() || !language || isTestPath(document.uri.path) || document.lineCount > 20_000) return [];
    return sourceFunctions(document.getText(), language)
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
