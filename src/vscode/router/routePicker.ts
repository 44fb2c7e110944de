import * as vscode from 'vscode';
import type { Config } from '../../config/config';
import { routerSettings } from '../../router/createRouter';
import { routeModeChoices, routeModeLabel } from '../../router/routeModeLabel';
import type { Services } from '../../services';

const models = (c: Config) => ({ fast: c['fast.model'], full: c['full.model'] });

/** `flint.pickRoute` and the status-bar item that shows the routing mode. */
export function registerRoutePicker(context: vscode.ExtensionContext, services: Services): void {
  const item = vscode.window.createStatusBarItem('flint.route', vscode.StatusBarAlignment.Right, 99);
  item.name = 'Flint routing';
  item.command = 'flint.pickRoute';
  const render = (config: Config) => {
    const label = routeModeLabel(routerSettings(config), models(config));
    item.text = label.text;
    item.tooltip = label.tooltip;
    item.show();
  };
  render(services.config());
  const offConfig = services.onConfigChange(render);

  const pick = vscode.commands.registerCommand('flint.pickRoute', async () => {
    const config = services.config();
    const choice = await vscode.window.showQuickPick(routeModeChoices(config['router.mode'], models(config)), {
      title: 'Flint: which model answers chat and edits?',
      placeHolder: 'Ghost text always uses the fast model',
    });
    if (!choice || choice.mode === config['router.mode']) return;
    const settings = vscode.workspace.getConfiguration('flint');
    // Write where the value is set now; a workspace value would otherwise hide a user-level change.
    const target = settings.inspect('router.mode')?.workspaceValue !== undefined ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
    try {
      await settings.update('router.mode', choice.mode, target);
      services.log.info(`router mode set to ${choice.mode}`);
    } catch (err) {
      const message = `Flint could not change flint.router.mode: ${err instanceof Error ? err.message : String(err)}. Set it in Settings instead.`;
      services.log.error(message);
      void vscode.window.showErrorMessage(message);
    }
  });
  context.subscriptions.push(item, pick, { dispose: offConfig });
}
