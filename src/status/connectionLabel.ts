import type { ConnectionState } from '../transport/connectionState';

export interface StatusLabel {
  /** Status-bar text with a codicon, e.g. "$(zap) Flint". */
  text: string;
  tooltip: string;
  /** Whether the item should draw attention (offline). */
  warning: boolean;
}

/** How the status bar names a connection state; `last` is the latest request's figures. */
export function connectionLabel(state: ConnectionState, last?: string): StatusLabel {
  const where = `${state.transport === 'ws' ? 'WebSocket' : 'HTTP'} · ${state.endpoint}`;
  const tail = last ? ` ${last}` : '';
  if (state.fallback && state.status !== 'offline') {
    return { text: `$(warning) Flint: over HTTP${tail}`, tooltip: `Flint: ${state.fallback} (${where})${state.reason ? ` — ${state.reason}` : ''}`, warning: true };
  }
  switch (state.status) {
    case 'warm':
      return { text: `$(zap) Flint${tail}`, tooltip: `Flint: warm connection (${where})`, warning: false };
    case 'connecting':
      return {
        text: `$(sync~spin) Flint`,
        tooltip: `Flint: connecting (${where})${state.reason ? ` — ${state.reason}` : ''}`,
        warning: false,
      };
    case 'idle':
      return { text: `$(circle-outline) Flint${tail}`, tooltip: `Flint: ready (${where})`, warning: false };
    case 'offline':
      return {
        text: `$(debug-disconnect) Flint: offline`,
        tooltip: `Flint: offline (${where})${state.reason ? ` — ${state.reason}` : ''}`,
        warning: true,
      };
  }
}
