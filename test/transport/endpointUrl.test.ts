import { describe, expect, it } from 'vitest';
import { httpBaseUrl, infillUrl, wsResponsesUrl } from '../../src/transport/endpointUrl';

describe('endpoint URLs', () => {
  it('completes a WebSocket base URL with /responses', () => {
    expect(wsResponsesUrl('wss://api.openai.com/v1')).toBe('wss://api.openai.com/v1/responses');
    expect(wsResponsesUrl('wss://api.openai.com/v1/responses')).toBe('wss://api.openai.com/v1/responses');
    expect(wsResponsesUrl('ws://127.0.0.1:9/')).toBe('ws://127.0.0.1:9/responses');
  });

  it('reduces an HTTP URL to the SDK base', () => {
    expect(httpBaseUrl('http://127.0.0.1:8080/v1/')).toBe('http://127.0.0.1:8080/v1');
    expect(httpBaseUrl('https://host/v1/chat/completions')).toBe('https://host/v1');
    expect(httpBaseUrl('https://host/openai/v1/responses')).toBe('https://host/openai/v1');
  });

  it('puts /infill beside /v1', () => {
    expect(infillUrl('http://127.0.0.1:8080/v1')).toBe('http://127.0.0.1:8080/infill');
    expect(infillUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/infill');
  });
});
