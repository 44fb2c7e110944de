import { describe, expect, it } from 'vitest';
import { toTurnView } from '../../src/chat/chatProtocol';

describe('toTurnView', () => {
  it('never sends the attached file contents to the webview', () => {
    const view = toTurnView({ role: 'user', id: 'u', text: 'fix', content: 'fix\n\nFile: .secret\n```\nTOKEN=1\n```', attachments: [{ path: 'a.ts' }], redirect: false });
    expect(view).toEqual({ role: 'user', id: 'u', text: 'fix', attachments: [{ path: 'a.ts' }], redirect: false });
    expect(JSON.stringify(view)).not.toContain('TOKEN');
  });
});
