import * as vscode from 'vscode';
import { validateApiKey } from '../../config/apiKey';
import { API_KEY_SECRET, type FlintServices } from '../shared/createServices';

/** flint.setApiKey / flint.clearApiKey / flint.answerKeyQuestion / flint.showLog: the key lives only in SecretStorage. */
export function registerApiKeyCommands(context: vscode.ExtensionContext, services: FlintServices): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('flint.setApiKey', async () => {
      const value = await vscode.window.showInputBox({
        title: 'Flint: Set API Key',
        prompt: 'Stored in VS Code\u2019s secret storage, never in settings. Local (127.0.0.1) endpoints need none.',
        password: true,
        ignoreFocusOut: true,
        validateInput: validateApiKey,
      });
      if (value === undefined) return;
      // A new key: hosts the user declined before are asked about again.
      await services.forgetDeniedHosts();
      await context.secrets.store(API_KEY_SECRET, value.trim());
      await services.reconnect();
      services.log.info('API key stored in secret storage; reconnecting.');
      void vscode.window.showInformationMessage('Flint: API key saved. Reconnecting\u2026');
    }),
    vscode.commands.registerCommand('flint.clearApiKey', async () => {
      await context.secrets.delete(API_KEY_SECRET);
      services.log.info('API key removed from secret storage.');
      void vscode.window.showInformationMessage('Flint: API key removed.');
    }),
    vscode.commands.registerCommand('flint.showLog', () => services.showLog()),
    vscode.commands.registerCommand('flint.answerKeyQuestion', () => services.askKeyAgain()),
  );
}
