import { describe, expect, it } from 'vitest';
import { ChatOutbox } from '../../src/chat/chatOutbox';
import type { HostMessage } from '../../src/chat/chatProtocol';
import { ManualTimers } from '../support/manualTimers';

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

  it('posts at most once an interval while tokens stream, and the end at once, losing and reordering nothing', () => {
    const timers = new ManualTimers();
    const posted: { at: number; message: HostMessage }[] = [];
    const outbox = new ChatOutbox((message) => posted.push({ at: timers.now(), message }), { set: (cb, ms) => timers.setTimeout(cb, ms), clear: (h) => timers.clearTimeout(h) }, 16);
    // 2,000 tokens at 5,000 tokens/s: one every 0.2 ms of the manual clock.
    const tokens = Array.from({ length: 2000 }, (_, i) => `t${i} `);
    for (const [i, token] of tokens.entries()) {
      timers.time = i * 0.2;
      timers.runDue();
      outbox.delta('a', token);
    }
    timers.time = 2000 * 0.2;
    outbox.send({ type: 'turnUpdated', turn: { role: 'assistant', id: 'a', text: tokens.join(''), status: 'done', meta: { route: 'fast', model: 'm', reasons: [] } } });

    const deltas = posted.filter((p) => p.message.type === 'delta');
    expect(deltas.map((p) => (p.message.type === 'delta' ? p.message.text : '')).join('')).toBe(tokens.join(''));
    // About one message a frame (400 ms of tokens), never two within an interval.
    expect(deltas.length).toBeGreaterThanOrEqual(20);
    expect(deltas.length).toBeLessThanOrEqual(400 / 16 + 2);
    for (let i = 1; i < deltas.length; i++) expect(deltas[i]!.at - deltas[i - 1]!.at).toBeGreaterThanOrEqual(16);
    // The end goes out at once, after the last text, and no timer is left behind.
    expect(posted.at(-1)).toMatchObject({ at: 400, message: { type: 'turnUpdated' } });
    expect(posted.at(-2)!.message.type).toBe('delta');
    expect(timers.pending).toBe(0);
  });
});
