import { describe, expect, it } from 'vitest';
import { ChatOutbox } from '../../src/chat/chatOutbox';
import type { HostMessage } from '../../src/chat/chatProtocol';

function harness() {
  const posted: HostMessage[] = [];
  const timers: (() => void)[] = [];
  const outbox = new ChatOutbox((m) => posted.push(m), { set: (cb) => timers.push(cb), clear: () => timers.splice(0) }, 16);
  const fire = () => timers.splice(0).forEach((t) => t());
  return { posted, outbox, fire, timers };
}

describe('ChatOutbox', () => {
  it('sends the first delta at once and merges the rest until the interval ends', () => {
    const { posted, outbox, fire } = harness();
    outbox.delta('a', 'x');
    expect(posted).toEqual([{ type: 'delta', turnId: 'a', text: 'x' }]);
    outbox.delta('a', 'y');
    outbox.delta('a', 'z');
    expect(posted).toHaveLength(1);
    fire();
    expect(posted[1]).toEqual({ type: 'delta', turnId: 'a', text: 'yz' });
    fire(); // nothing pending: the next delta goes out at once again
    outbox.delta('a', 'w');
    expect(posted[2]).toEqual({ type: 'delta', turnId: 'a', text: 'w' });
  });

  it('flushes merged text before any other message, keeping order', () => {
    const { posted, outbox } = harness();
    outbox.delta('a', '1');
    outbox.delta('a', '2');
    outbox.send({ type: 'streaming', streaming: false });
    expect(posted.map((m) => (m.type === 'delta' ? m.text : m.type))).toEqual(['1', '2', 'streaming']);
  });

  it('flushes when deltas switch to another answer', () => {
    const { posted, outbox } = harness();
    outbox.delta('a', '1');
    outbox.delta('a', '2');
    outbox.delta('b', '3');
    outbox.send({ type: 'focus' });
    expect(posted).toEqual([
      { type: 'delta', turnId: 'a', text: '1' },
      { type: 'delta', turnId: 'a', text: '2' },
      { type: 'delta', turnId: 'b', text: '3' },
      { type: 'focus' },
    ]);
  });

  it('drops pending text and its timer on dispose', () => {
    const { posted, outbox, timers } = harness();
    outbox.delta('a', '1');
    outbox.delta('a', '2');
    outbox.dispose();
    expect(timers).toHaveLength(0);
    expect(posted).toHaveLength(1);
  });
});
