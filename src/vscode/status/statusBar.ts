import * as vscode from 'vscode';
import { isLoopbackUrl } from '../../config/apiKey';
import type { Config } from '../../config/config';
import { instructionSurfacesOff } from '../../config/modelKind';
import { formatLastRequest } from '../../metrics/formatLastRequest';
import { formatTokensToday } from '../../metrics/formatTokens';
import { estimateCost, tokenPrices } from '../../metrics/tokenCost';
import { connectionLabel } from '../../status/connectionLabel';
import { keyQuestionLabel } from '../../status/keyQuestionLabel';
import type { FlintServices } from '../shared/createServices';
import type { ModelClient } from '../../transport/modelClient';

/**
 * A finished request updates the item once requests have paused this long. Ghost text finishes
 * one per keystroke, and each item update is a message the window handles on the way to the
 * next keystroke's ghost text.
 */
const RECORD_RENDER_MS = 500;

/**
 * The connection item: warm / connecting / offline (with the reason) from activation on, the
 * last request's first-token time and speed, and a pulse while a generation streams.
 * Clicking it opens the latency report.
 */
export function registerStatusBar(context: vscode.ExtensionContext, services: FlintServices): void {
  const item = vscode.window.createStatusBarItem('flint.connection', vscode.StatusBarAlignment.Right, 100);
  item.name = 'Flint connection';
  item.command = 'flint.showLatency';
  context.subscriptions.push(item);

  let unsubscribe: (() => void) | undefined;
  let recordTimer: ReturnType<typeof setTimeout> | undefined;
  // What the item shows: setting any field sends the whole item to the window, so only changes are set.
  let shown = { text: '', tooltip: '', warning: false, command: 'flint.showLatency' };
  const today = () => {
    const prices = tokenPrices(services.config());
    const tokens = services.metricsStore.tokensToday();
    return formatTokensToday(tokens, estimateCost(tokens, prices));
  };
  // A completion model answers ghost text only: its client is the connection that matters.
  const client = () => (instructionSurfacesOff(services.config()) ? services.infill() : services.fast());
  const render = () => {
    if (recordTimer) clearTimeout(recordTimer);
    recordTimer = undefined;
    const state = client().state;
    const last = formatLastRequest(services.metricsStore.lastRequest());
    const key = keyQuestionLabel(services.keyQuestions());
    const label = key ?? connectionLabel(state, last.text || undefined);
    const streaming = services.activeGenerations() > 0 && state.status !== 'offline';
    const trust = vscode.workspace.isTrusted ? '' : '\nThis workspace is not trusted: nothing is sent until you trust it.';
    const next = {
      // A still icon: a spinning one restyles the page on every frame (about 1 ms of its main
      // thread each, measured) for as long as tokens stream into the editor or a panel.
      text: streaming ? label.text.replace(/^\$\([^)]+\)/, '$(pulse)') : label.text,
      tooltip: key
        ? label.tooltip
        : [label.tooltip + trust, modelLine(client(), services.config()), last.tooltip, today(), 'Click for the latency report.'].filter(Boolean).join('\n\n'),
      warning: label.warning,
      // While the key waits for a decision, a click opens the question.
      command: key ? 'flint.answerKeyQuestion' : 'flint.showLatency',
    };
    if (next.text !== shown.text) item.text = next.text;
    if (next.tooltip !== shown.tooltip) item.tooltip = next.tooltip;
    if (next.command !== shown.command) item.command = next.command;
    if (next.warning !== shown.warning) item.backgroundColor = next.warning ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    shown = next;
  };
  const renderAfterPause = () => {
    if (recordTimer) clearTimeout(recordTimer);
    recordTimer = setTimeout(render, RECORD_RENDER_MS);
  };
  const follow = () => {
    unsubscribe?.();
    unsubscribe = client().onStateChange(render);
    render();
  };
  follow();
  item.show();
  const offClients = services.onClientsChange(follow);
  // flint.modelKind decides which client the item follows.
  const offConfig = services.onConfigChange(follow);
  const offRecord = services.metricsStore.onRecord(renderAfterPause);
  const offActive = services.onActiveGenerationsChange(render);
  context.subscriptions.push({
    dispose: () => {
      if (recordTimer) clearTimeout(recordTimer);
      unsubscribe?.();
      offClients();
      offConfig();
      offRecord();
      offActive();
    },
  });
}

/** Which model answers, where it runs, and for a completion model what is off and why. */
function modelLine(client: ModelClient, config: Config): string {
  const off = instructionSurfacesOff(config);
  return `Model: ${client.model}, ${isLoopbackUrl(client.state.endpoint) ? 'on this machine' : 'remote'}.${off ? ` Ghost text only: ${off}` : ''}`;
}
