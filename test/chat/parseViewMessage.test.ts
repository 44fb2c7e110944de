import { describe, expect, it } from 'vitest';
import { parseViewMessage } from '../../src/chat/parseViewMessage';

describe('parseViewMessage', () => {
  it('accepts the messages the webview sends', () => {
    expect(parseViewMessage({ type: 'send', text: 'hi' })).toEqual({ type: 'send', text: 'hi' });
    expect(parseViewMessage({ type: 'codeAction', action: 'apply', code: 'x', path: 'a.ts' })).toMatchObject({ action: 'apply' });
    expect(parseViewMessage({ type: 'ready' })).toEqual({ type: 'ready' });
  });

  it.each([null, 'send', {}, { type: 'send' }, { type: 'send', text: 5 }, { type: 'codeAction', action: 'run', code: 'x' }, { type: 'eval', code: '1' }])(
    'rejects %j',
    (raw) => {
      expect(parseViewMessage(raw)).toBeUndefined();
    },
  );
});
