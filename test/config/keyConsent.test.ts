import { describe, expect, it } from 'vitest';
import { deniedConsentMessage, keyConsentDecision, keyDestination, type KeyConsentAnswer, type KeyConsentInputs } from '../../src/config/keyConsent';

const inputs = (over: Partial<KeyConsentInputs> = {}): KeyConsentInputs => ({
  hasKey: true,
  answer: () => undefined,
  dismissed: () => false,
  keyToLoopback: false,
  ...over,
});

describe('keyDestination', () => {
  it('is scheme and host with port; WebSocket and HTTP URLs of one server are one destination', () => {
    expect(keyDestination('wss://api.example.com/v1/responses')).toEqual({ id: 'https://api.example.com', host: 'api.example.com' });
    expect(keyDestination('https://api.example.com/v1')!.id).toBe('https://api.example.com');
    expect(keyDestination('ws://127.0.0.1:8123/v1/responses')).toEqual({ id: 'http://127.0.0.1:8123', host: '127.0.0.1:8123' });
    expect(keyDestination('https://api.example.com:443/v1')!.id).toBe('https://api.example.com');
    expect(keyDestination('https://API.Example.com/v1')!.id).toBe('https://api.example.com');
  });

  it('tells ports, schemes and hosts apart, and has none for what is not an endpoint', () => {
    expect(keyDestination('http://127.0.0.1:1/v1')!.id).not.toBe(keyDestination('http://127.0.0.1:2/v1')!.id);
    expect(keyDestination('http://h.example/v1')!.id).not.toBe(keyDestination('https://h.example/v1')!.id);
    expect(keyDestination('https://user:pw@h.example/v1')).toEqual({ id: 'https://h.example', host: 'h.example' });
    expect(keyDestination('not a url')).toBeUndefined();
    expect(keyDestination('file:///etc/passwd')).toBeUndefined();
  });
});

describe('keyConsentDecision', () => {
  it('with no key nothing secret travels: no question, loopback or not', () => {
    expect(keyConsentDecision('ws://127.0.0.1:9/v1/responses', inputs({ hasKey: false }))).toEqual({ action: 'send', key: false });
    expect(keyConsentDecision('wss://attacker.example/v1/responses', inputs({ hasKey: false }))).toEqual({ action: 'send', key: false });
  });

  it('a loopback endpoint gets no key and no question, unless the user opted in', () => {
    for (const url of ['ws://127.0.0.1:9/v1/responses', 'http://[::1]:9/v1', 'http://localhost:11434/v1', 'http://127.8.9.10/v1']) {
      expect(keyConsentDecision(url, inputs()), url).toEqual({ action: 'send', key: false });
      expect(keyConsentDecision(url, inputs({ keyToLoopback: true })).action, url).toBe('ask');
    }
    // Only the host counts: a remote host naming localhost in its path is remote.
    expect(keyConsentDecision('https://example.com/localhost/v1', inputs()).action).toBe('ask');
    expect(keyConsentDecision('https://localhost.example.com/v1', inputs()).action).toBe('ask');
  });

  it('with a key, a remote destination never answered is asked about', () => {
    expect(keyConsentDecision('wss://attacker.example/v1/responses', inputs())).toEqual({ action: 'ask', destination: { id: 'https://attacker.example', host: 'attacker.example' } });
  });

  it('a question closed without an answer waits (no new question) until asked again', () => {
    const dismissed = (id: string) => id === 'https://api.example.com';
    expect(keyConsentDecision('wss://api.example.com/v1/responses', inputs({ dismissed })).action).toBe('wait');
    expect(keyConsentDecision('wss://other.example/v1/responses', inputs({ dismissed })).action).toBe('ask');
  });

  it('keeps the answer for the destination, not for other hosts', () => {
    const answers: Record<string, KeyConsentAnswer> = { 'https://api.example.com': 'allow', 'https://attacker.example': 'deny' };
    const answer = (id: string) => answers[id];
    expect(keyConsentDecision('wss://api.example.com/v1/responses', inputs({ answer }))).toEqual({ action: 'send', key: true });
    expect(keyConsentDecision('https://api.example.com/v1', inputs({ answer }))).toEqual({ action: 'send', key: true });
    expect(keyConsentDecision('wss://attacker.example/v1/responses', inputs({ answer })).action).toBe('refuse');
    // An explicit "Don't Allow" wins over a dismissal in this window.
    expect(keyConsentDecision('wss://attacker.example/v1/responses', inputs({ answer, dismissed: () => true })).action).toBe('refuse');
    expect(keyConsentDecision('wss://api.example.com:8443/v1/responses', inputs({ answer })).action).toBe('ask');
    expect(keyConsentDecision('ws://api.example.com/v1/responses', inputs({ answer })).action).toBe('ask');
  });

  it('the refusal names the host and how to choose again', () => {
    expect(deniedConsentMessage({ id: 'https://attacker.example', host: 'attacker.example' })).toMatch(/attacker\.example.*status bar.*Flint: Set API Key/);
  });
});
