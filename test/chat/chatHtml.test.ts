import { describe, expect, it } from 'vitest';
import { chatHtml } from '../../src/chat/chatHtml';

describe('chatHtml', () => {
  const html = chatHtml({ cspSource: 'https://webview.test', nonce: 'abc+/=', styleUri: 'https://webview.test/chat.css', scriptUri: 'https://webview.test/chat.js?"x' });
  const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)![1]!;

  it('has a strict CSP: nothing by default, only the nonce script, own styles and images', () => {
    expect(csp.split('; ')).toEqual([
      "default-src 'none'",
      "script-src 'nonce-abc+/='",
      'style-src https://webview.test',
      'img-src https://webview.test data:',
      'font-src https://webview.test',
      "base-uri 'none'",
      "form-action 'none'",
    ]);
    expect(csp).not.toContain('unsafe');
  });

  it('loads exactly one script, carrying the nonce, and escapes attribute values', () => {
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<script nonce="abc+/=" src="https://webview.test/chat.js?&quot;x"></script>');
    expect(html).not.toMatch(/\son\w+=/);
  });
});
