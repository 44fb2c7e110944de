import type { SettingKey } from './schema';

/**
 * Settings that decide where the API key is sent, or whether it may travel unencrypted. A
 * repository's `.vscode/settings.json` must never choose them: they are read from the user's
 * own settings only (package.json gives them `"scope": "application"`).
 */
export const keyRoutingSettings: readonly SettingKey[] = [
  'fast.url',
  'full.url',
  'completions.url',
  'network.allowInsecure',
  'network.sendKeyToLoopback',
  'network.caFile',
];

/** The parts of `WorkspaceConfiguration.inspect()` the reader looks at. */
export interface InspectedSetting {
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

export interface PickedSetting {
  /** The user-set value, or undefined for the schema default. */
  value: unknown;
  /** A workspace value that was not used, and where it came from. */
  ignored?: { scope: 'workspace' | 'workspace folder'; value: unknown };
}

/**
 * Which user-set value a setting takes: the most specific one (folder, workspace, user), except
 * for the key-routing settings, where a workspace or folder value is ignored and reported.
 */
export function pickSettingValue(key: SettingKey, inspected: InspectedSetting | undefined): PickedSetting {
  if (!inspected) return { value: undefined };
  if (!keyRoutingSettings.includes(key)) {
    return { value: inspected.workspaceFolderValue ?? inspected.workspaceValue ?? inspected.globalValue };
  }
  const picked: PickedSetting = { value: inspected.globalValue };
  if (inspected.workspaceFolderValue !== undefined) picked.ignored = { scope: 'workspace folder', value: inspected.workspaceFolderValue };
  else if (inspected.workspaceValue !== undefined) picked.ignored = { scope: 'workspace', value: inspected.workspaceValue };
  return picked;
}

/** The line logged (once per setting and value) when a workspace value is ignored. */
export function ignoredSettingMessage(key: SettingKey, ignored: NonNullable<PickedSetting['ignored']>): string {
  let shown = JSON.stringify(ignored.value) ?? String(ignored.value);
  if (shown.length > 120) shown = `${shown.slice(0, 117)}…`;
  return `Ignored flint.${key} = ${shown} from the ${ignored.scope} settings: where the API key goes is decided by your user settings only.`;
}
