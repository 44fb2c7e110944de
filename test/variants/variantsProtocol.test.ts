import { describe, expect, it } from 'vitest';
import { variantsHtml } from '../../src/variants/variantsHtml';
import { parseVariantsMessage } from '../../src/variants/variantsProtocol';

describe('parseVariantsMessage', () => {
  it('accepts the messages of the view', () => {
    expect(parseVariantsMessage({ type: 'pick', index: 2 })).toEqual({ type: 'pick', index: 2 });
    expect(parseVariantsMessage({ type: 'redirect', instruction: ' shorter ', index: 1 })).toEqual({ type: 'redirect', instruction: 'shorter', index: 1 });
    expect(parseVariantsMessage({ type: 'stopAll' })).toEqual({ type: 'stopAll' });
  });
  it('ignores anything else', () => {
    expect(parseVariantsMessage({ type: 'pick', index: -1 })).toBeUndefined();
    expect(parseVariantsMessage({ type: 'pick', index: 1.5 })).toBeUndefined();
    expect(parseVariantsMessage({ type: 'redirect', instruction: '   ' })).toBeUndefined();
    expect(parseVariantsMessage({ type: 'eval', code: 'x' })).toBeUndefined();
    expect(parseVariantsMessage('pick')).toBeUndefined();
  });
});

describe('variantsHtml', () => {
  it('allows only its own nonce-carrying script and stylesheet', () => {
    const html = variantsHtml({ cspSource: 'vscode-resource:', nonce: 'abc123', styleUri: 'vscode-resource:/v.css', scriptUri: 'vscode-resource:/v.js' });
    const csp = /Content-Security-Policy" content="([^"]+)"/.exec(html)![1];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'nonce-abc123'");
    expect(csp).not.toContain('unsafe-inline');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('nonce="abc123" src="vscode-resource:/v.js"');
  });
});
