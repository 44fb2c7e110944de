import * as vscode from 'vscode';
import { createDenyList } from '../context/denyList';
import type { Services } from '../services';

/**
 * The current "never send this file" predicate: built-in secrets, `flint.context.denyList` and
 * `files.exclude`, rebuilt when either setting changes. For a URI it checks the workspace-relative
 * path and the absolute one, so relative and absolute patterns both work; a string is taken as
 * a workspace-relative path.
 */
export function watchDenyList(context: vscode.ExtensionContext, services: Services): (target: vscode.Uri | string) => boolean {
  let denied = build();
  function build(): (path: string) => boolean {
    const excluded = vscode.workspace.getConfiguration('files').get<Record<string, unknown>>('exclude') ?? {};
    const excludeGlobs = Object.entries(excluded)
      .filter(([, on]) => on === true)
      .map(([glob]) => glob);
    return createDenyList(services.config()['context.denyList'], excludeGlobs);
  }
  const offConfig = services.onConfigChange(() => (denied = build()));
  context.subscriptions.push(
    { dispose: offConfig },
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('files.exclude')) denied = build();
    }),
  );
  return (target) =>
    typeof target === 'string'
      ? denied(target)
      : denied(vscode.workspace.asRelativePath(target, false)) || (target.scheme === 'file' && denied(target.fsPath));
}
