import * as vscode from 'vscode';
import { parseConfig, type Config, type ConfigProblem } from '../config/config';

/** Reads every flint.* setting through the schema; invalid values fall back to defaults. */
export function readConfig(): { config: Config; problems: ConfigProblem[] } {
  const section = vscode.workspace.getConfiguration('flint');
  return parseConfig((key) => {
    const inspected = section.inspect(key);
    // Only user-set values are validated; an unset key takes the schema default.
    return inspected?.workspaceFolderValue ?? inspected?.workspaceValue ?? inspected?.globalValue;
  });
}
