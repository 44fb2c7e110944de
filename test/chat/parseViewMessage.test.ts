import { describe, expect, it } from 'vitest';
import { parseViewMessage } from '../../src/chat/parseViewMessage';

describe('parseViewMessage', () => {
  it('accepts the messages the webview sends', () => {
    expect(parseViewMessage({ type: 'send', text: 'hi' })).toEqual({ type: 'send', text: 'hi' });
    expect(parseViewMessage({ type: 'codeAction', action: 'apply', code: 'x', path: 'a.ts' })).toMatchObject({ action: 'apply' });
    expect(parseViewMessage({ type: 'ready' })).toEqual({ type: 'ready' });
    expect(parseViewMessage({ type: 'runAsTask', turnId: 'a2' })).toEqual({ type: 'runAsTask', turnId: 'a2' });
  });

  it.each([null, 'send', {}, { type: 'send' }, { type: 'send', text: 5 }, { type: 'codeAction', action: 'run', code: 'x' }, { type: 'eval', code: '1' }, { type: 'runAsTask' }, { type: 'runAsTask', turnId: 'x'.repeat(101) }])(
    'rejects %j',
    (raw) => {
      expect(parseViewMessage(raw)).toBeUndefined();
    },
  );
});
