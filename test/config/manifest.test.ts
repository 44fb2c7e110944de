import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/config';
import { settingsSchema } from '../../src/config/schema';

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const props: Record<string, { default: unknown }> = manifest.contributes.configuration.properties;

describe('package.json contributions', () => {
  it('declares every setting of the schema with the same default', () => {
    const defaults = defaultConfig() as Record<string, unknown>;
    for (const key of Object.keys(settingsSchema)) {
      expect(props[`flint.${key}`], `flint.${key} missing from package.json`).toBeDefined();
      expect(props[`flint.${key}`]!.default, `default of flint.${key}`).toEqual(defaults[key]);
    }
    expect(Object.keys(props).length).toBe(Object.keys(settingsSchema).length);
  });

  it('declares the commands other parts rely on', () => {
    const ids = manifest.contributes.commands.map((c: { command: string }) => c.command);
    for (const id of ['flint.editSelection', 'flint.acceptEdit', 'flint.rejectEdit', 'flint.redirect', 'flint.openChat', 'flint.setApiKey', 'flint.showLatency']) {
      expect(ids).toContain(id);
    }
  });

  it('runs on the user\u2019s machine in a remote window (a model server there is reachable), else beside the workspace', () => {
    expect(manifest.extensionKind).toEqual(['ui', 'workspace']);
    // A UI extension must not need a browser entry to run in desktop VS Code: it has a Node one.
    expect(manifest.main).toBe('./dist/extension.js');
  });

  it('gives Tab in a snippet to its next tab stop, even with ghost text shown (the editor would accept the ghost text)', () => {
    type Binding = { command: string; key: string; when: string };
    const tab = (manifest.contributes.keybindings as Binding[]).filter((b) => b.key === 'tab');
    const snippet = tab.find((b) => b.command === 'jumpToNextSnippetPlaceholder');
    expect(snippet?.when.split(' && ').sort()).toEqual(['!suggestWidgetVisible', 'editorTextFocus', 'hasNextTabstop', 'inSnippetMode', 'inlineSuggestionVisible']);
    // Flint's own Tab (next edit) stays out of snippets.
    expect(tab.filter((b) => b.command.startsWith('flint.')).every((b) => b.when.includes('!inSnippetMode'))).toBe(true);
  });

  it('never stores the API key in a setting', () => {
    expect(Object.keys(props).some((k) => /apikey|secret|password|\.key$|token$/i.test(k))).toBe(false);
  });
});

describe('settings that decide where the API key goes', () => {
  it('are application-scoped, so no workspace can set them', async () => {
    const { keyRoutingSettings } = await import('../../src/config/settingSource');
    const scoped = Object.entries(props as Record<string, { scope?: string }>)
      .filter(([, v]) => v.scope === 'application' || v.scope === 'machine')
      .map(([k]) => k.replace(/^flint\./, ''));
    expect([...keyRoutingSettings].sort()).toEqual(['completions.url', 'fast.url', 'full.url', 'network.allowInsecure', 'network.caFile', 'network.sendKeyToLoopback']);
    for (const key of keyRoutingSettings) expect(scoped, `flint.${key}`).toContain(key);
  });
});
