import * as vscode from 'vscode';
import type { ContextHub } from '../../context/contextHub';
import type { SourceFunction } from '../../tests/testTypes';

/**
 * A test-writing prompt's context sections: what the functions use from other files (the types
 * they take), their existing tests and the test setup. Generate Tests and the tests written on
 * save both ask here, so both prompts carry the same.
 */
export async function testsContext(context: ContextHub, uri: vscode.Uri, text: string, functions: readonly SourceFunction[]): Promise<string> {
  if (functions.length === 0) return '';
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const focus = { start: Math.min(...functions.map((f) => f.startLine)), end: Math.max(...functions.map((f) => f.endLine)) };
  const block = await context.buildForTests(
    { surface: 'tests', path: vscode.workspace.asRelativePath(uri, false), lines, focus, visible: { start: 0, end: lines.length } },
    functions[0].name.split('.').pop()!,
  );
  return block.text;
}
