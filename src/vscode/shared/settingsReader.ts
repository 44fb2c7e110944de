import * as vscode from 'vscode';
import { parseConfig, type Config, type ConfigProblem } from '../../config/config';
import type { SettingKey } from '../../config/schema';
import { ignoredSettingMessage, pickSettingValue } from '../../config/settingSource';

/**
 * Reads every flint.* setting through the schema; invalid values fall back to defaults. The
 * settings that decide where the API key goes come from the user's settings only: a workspace
 * value for them is left out and listed in `ignored` (a line for the log).
 */
export function readConfig(): { config: Config; problems: ConfigProblem[]; ignored: string[] } {
  const section = vscode.workspace.getConfiguration('flint');
  const ignored: string[] = [];
  const parsed = parseConfig((key: SettingKey) => {
    const picked = pickSettingValue(key, section.inspect(key));
    if (picked.ignored) ignored.push(ignoredSettingMessage(key, picked.ignored));
    // Only user-set values are validated; an unset key takes the schema default.
    return picked.value;
  });
  return { ...parsed, ignored };
}
