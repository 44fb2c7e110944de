import { describe, expect, it } from 'vitest';
import { safeExternalUrl } from '../../src/chat/linkPolicy';

describe('safeExternalUrl', () => {
  it('allows web and mail links', () => {
    expect(safeExternalUrl('https://example.com/a?b=1#c')).toBe('https://example.com/a?b=1#c');
    expect(safeExternalUrl('  http://example.com ')).toBe('http://example.com/');
    expect(safeExternalUrl('mailto:a@example.com')).toBe('mailto:a@example.com');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'command:workbench.action.terminal.new',
    'vscode://file/etc/passwd',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '/relative/path',
    '#anchor',
    '',
    'https://exa mple.com',
  ])('refuses %j', (href) => {
    expect(safeExternalUrl(href)).toBeUndefined();
  });
});
