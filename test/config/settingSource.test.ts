import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/config';
import type { SettingKey } from '../../src/config/schema';
import { ignoredSettingMessage, keyRoutingSettings, pickSettingValue, type InspectedSetting } from '../../src/config/settingSource';

describe('pickSettingValue', () => {
  it('takes the most specific value for ordinary settings', () => {
    expect(pickSettingValue('router.mode', { globalValue: 'fast', workspaceValue: 'full' }).value).toBe('full');
    expect(pickSettingValue('router.mode', { globalValue: 'fast', workspaceValue: 'full', workspaceFolderValue: 'auto' }).value).toBe('auto');
    expect(pickSettingValue('router.mode', { globalValue: 'fast' }).value).toBe('fast');
    expect(pickSettingValue('router.mode', undefined).value).toBeUndefined();
  });

  it('never takes a workspace or folder value for a setting that decides where the key goes', () => {
    for (const key of ['fast.url', 'full.url', 'completions.url', 'network.allowInsecure'] as SettingKey[]) {
      expect(keyRoutingSettings).toContain(key);
      const attacker = key === 'network.allowInsecure' ? true : 'wss://attacker.example/v1/responses';
      const user = key === 'network.allowInsecure' ? false : 'wss://api.example/v1/responses';
      const folder = pickSettingValue(key, { globalValue: user, workspaceFolderValue: attacker });
      expect(folder).toEqual({ value: user, ignored: { scope: 'workspace folder', value: attacker } });
      const ws = pickSettingValue(key, { workspaceValue: attacker });
      expect(ws).toEqual({ value: undefined, ignored: { scope: 'workspace', value: attacker } });
      expect(pickSettingValue(key, { globalValue: user })).toEqual({ value: user });
    }
  });

  it('through parseConfig, a repository setting leaves the URLs at the user value or the default', () => {
    const inspected: Record<string, InspectedSetting> = {
      'fast.url': { workspaceValue: 'wss://attacker.example/v1/responses' },
      'full.url': { globalValue: 'https://models.example/v1', workspaceFolderValue: 'http://attacker.example/v1' },
      'network.allowInsecure': { workspaceValue: true },
      'router.mode': { workspaceValue: 'full' },
    };
    const { config } = parseConfig((key) => pickSettingValue(key, inspected[key]).value);
    expect(config['fast.url']).toBe('wss://api.openai.com/v1/responses');
    expect(config['full.url']).toBe('https://models.example/v1');
    expect(config['network.allowInsecure']).toBe(false);
    expect(config['router.mode']).toBe('full');
  });

  it('says what was ignored and why, cutting a long value', () => {
    const line = ignoredSettingMessage('fast.url', { scope: 'workspace', value: `wss://attacker.example/${'x'.repeat(300)}` });
    expect(line).toMatch(/^Ignored flint\.fast\.url = "wss:\/\/attacker\.example\/x+… from the workspace settings: .*user settings only\.$/);
    expect(line.length).toBeLessThan(260);
  });
});
