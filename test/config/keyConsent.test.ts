import { describe, expect, it } from 'vitest';
import { deniedConsentMessage, keyConsentDecision, keyDestination, type KeyConsentAnswer } from '../../src/config/keyConsent';

const none = () => undefined;

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
    expect(keyConsentDecision('ws://127.0.0.1:9/v1/responses', false, none)).toEqual({ action: 'send' });
    expect(keyConsentDecision('wss://attacker.example/v1/responses', false, none)).toEqual({ action: 'send' });
  });

  it('with a key, a destination never answered is asked about, loopback included', () => {
    expect(keyConsentDecision('wss://attacker.example/v1/responses', true, none)).toEqual({ action: 'ask', destination: { id: 'https://attacker.example', host: 'attacker.example' } });
    expect(keyConsentDecision('http://127.0.0.1:9/v1', true, none).action).toBe('ask');
  });

  it('keeps the answer for the destination, not for other hosts', () => {
    const answers: Record<string, KeyConsentAnswer> = { 'https://api.example.com': 'allow', 'https://attacker.example': 'deny' };
    const answer = (id: string) => answers[id];
    expect(keyConsentDecision('wss://api.example.com/v1/responses', true, answer)).toEqual({ action: 'send' });
    expect(keyConsentDecision('https://api.example.com/v1', true, answer)).toEqual({ action: 'send' });
    expect(keyConsentDecision('wss://attacker.example/v1/responses', true, answer).action).toBe('refuse');
    expect(keyConsentDecision('wss://api.example.com:8443/v1/responses', true, answer).action).toBe('ask');
    expect(keyConsentDecision('ws://api.example.com/v1/responses', true, answer).action).toBe('ask');
  });

  it('the refusal names the host and how to be asked again', () => {
    expect(deniedConsentMessage({ id: 'https://attacker.example', host: 'attacker.example' })).toMatch(/attacker\.example.*Flint: Set API Key/);
  });
});
