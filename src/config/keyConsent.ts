import { isLoopbackUrl } from './apiKey';

/** The user's kept answer to "Send your API key to host X?" ("Allow" or "Don't Allow"), per destination. */
export type KeyConsentAnswer = 'allow' | 'deny';

export interface KeyDestination {
  /** What answers are kept under: scheme (ws→http, wss→https) and host with port. */
  id: string;
  /** What the user is shown: the host (and port when not the default). */
  host: string;
}

/**
 * Where a URL sends the key. A WebSocket URL and its HTTP fallback reach the same server with the
 * same security, so `wss://h/v1` and `https://h/v1` are one destination; paths do not matter.
 */
export function keyDestination(url: string): KeyDestination | undefined {
  try {
    const u = new URL(url.trim().replace(/^ws(s?):/i, 'http$1:'));
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
    return { id: `${u.protocol}//${u.host}`, host: u.host };
  } catch {
    return undefined;
  }
}

export type KeyConsentDecision =
  /** `key`: whether the key goes with the requests (a loopback endpoint gets none unless opted in). */
  | { action: 'send'; key: boolean }
  /** Never answered: ask now. */
  | { action: 'ask'; destination: KeyDestination }
  /** The question was closed without an answer in this window: wait for the user to open it again. */
  | { action: 'wait'; destination: KeyDestination }
  | { action: 'refuse'; destination: KeyDestination };

export interface KeyConsentInputs {
  hasKey: boolean;
  /** The kept answer for a destination, if any. */
  answer(id: string): KeyConsentAnswer | undefined;
  /** Whether the question was closed without an answer in this window. */
  dismissed(id: string): boolean;
  /** `flint.network.sendKeyToLoopback`: a local server that wants the key gets it (after asking). */
  keyToLoopback: boolean;
}

/**
 * May the key go to `url`? With no key nothing secret travels (the endpoint check still refuses a
 * remote URL without one). A loopback endpoint (127.0.0.0/8, ::1, localhost) gets no key unless
 * the user opted in: local servers need none, so the common self-hosting case never sees the
 * question. Any other destination needs the user's "Allow", asked once. A URL that does not parse
 * is left to the endpoint check, which refuses it with the fix.
 */
export function keyConsentDecision(url: string, inputs: KeyConsentInputs): KeyConsentDecision {
  if (!inputs.hasKey) return { action: 'send', key: false };
  if (isLoopbackUrl(url.trim()) && !inputs.keyToLoopback) return { action: 'send', key: false };
  const destination = keyDestination(url);
  if (!destination) return { action: 'send', key: true };
  const given = inputs.answer(destination.id);
  if (given === 'allow') return { action: 'send', key: true };
  if (given === 'deny') return { action: 'refuse', destination };
  return { action: inputs.dismissed(destination.id) ? 'wait' : 'ask', destination };
}

export function awaitingConsentMessage(destination: KeyDestination): string {
  return `Waiting for your answer: may Flint send your API key to ${destination.host}? Nothing is sent there until you allow it. Click Flint in the status bar to answer.`;
}

export function deniedConsentMessage(destination: KeyDestination): string {
  return `You did not allow sending your API key to ${destination.host}, so Flint sends nothing there. Click Flint in the status bar (or run "Flint: Set API Key") to choose again, or change the endpoint URL in your user settings.`;
}

/** A destination waiting for the user's decision, or refused by it: what the status bar shows. */
export interface KeyQuestion {
  destination: KeyDestination;
  state: 'waiting' | 'denied';
}
