import type { RouterSettings } from './routeTypes';

type Mode = RouterSettings['mode'];

export interface RouteModeChoice {
  mode: Mode;
  label: string;
  description: string;
}

const ICON: Record<Mode, string> = { auto: '$(arrow-swap)', fast: '$(rocket)', full: '$(library)' };

/** What the routing status-bar item says about `flint.router.mode`. */
export function routeModeLabel(settings: RouterSettings, models: { fast: string; full: string }): { text: string; tooltip: string } {
  const pick = 'Click to change; prefix a message with /fast or /deep to choose for one request.';
  switch (settings.mode) {
    case 'auto':
      return {
        text: `${ICON.auto} Auto`,
        tooltip:
          `Flint routing: automatic. Chat and edits go to the full model (${models.full}) when they span ` +
          `${settings.fileThreshold} or more files, ask for a workspace-wide change, or need more than ` +
          `${settings.fastContextTokens.toLocaleString('en-US')} tokens of context; otherwise to the fast model (${models.fast}). ` +
          `Ghost text always uses the fast model. ${pick}`,
      };
    case 'fast':
      return { text: `${ICON.fast} Fast`, tooltip: `Flint routing: always the fast model (${models.fast}). ${pick}` };
    case 'full':
      return {
        text: `${ICON.full} Full`,
        tooltip: `Flint routing: chat and edits always use the full model (${models.full}); ghost text stays fast. ${pick}`,
      };
  }
}

/** The quick-pick entries, the current mode marked. */
export function routeModeChoices(current: Mode, models: { fast: string; full: string }): RouteModeChoice[] {
  const mark = (mode: Mode, text: string) => (mode === current ? `$(check) ${text}` : text);
  return [
    { mode: 'auto', label: `${ICON.auto} Automatic`, description: mark('auto', 'full model only for multi-file, workspace-wide or large requests') },
    { mode: 'fast', label: `${ICON.fast} Always fast`, description: mark('fast', models.fast) },
    { mode: 'full', label: `${ICON.full} Always full`, description: mark('full', `${models.full} (ghost text stays fast)`) },
  ];
}
