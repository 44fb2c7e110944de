/** The user's answer to "Send your API key to host X?", kept per destination. */
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
  | { action: 'send' }
  | { action: 'ask'; destination: KeyDestination }
  | { action: 'refuse'; destination: KeyDestination };

/**
 * May the key go to `url`? With no key nothing secret travels (the endpoint check still refuses a
 * remote URL without one); with a key, a destination needs the user's "allow", asked once. A
 * URL that does not parse is left to the endpoint check, which refuses it with the fix.
 */
export function keyConsentDecision(url: string, hasKey: boolean, answer: (id: string) => KeyConsentAnswer | undefined): KeyConsentDecision {
  if (!hasKey) return { action: 'send' };
  const destination = keyDestination(url);
  if (!destination) return { action: 'send' };
  const given = answer(destination.id);
  if (given === 'allow') return { action: 'send' };
  if (given === 'deny') return { action: 'refuse', destination };
  return { action: 'ask', destination };
}

export function awaitingConsentMessage(destination: KeyDestination): string {
  return `Waiting for your answer: may Flint send your API key to ${destination.host}? Nothing is sent there until you allow it.`;
}

export function deniedConsentMessage(destination: KeyDestination): string {
  return `You did not allow sending your API key to ${destination.host}, so Flint sends nothing there. Run "Flint: Set API Key" to be asked again, or change the endpoint URL in your user settings.`;
}
