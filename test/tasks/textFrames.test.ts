import { describe, expect, it, vi } from 'vitest';
import type { TaskEvent } from '../../src/tasks/taskRunner';
import { FRAME_MS, TextFrames } from '../../src/tasks/textFrames';

describe('TextFrames', () => {
  it('sends a frame\'s tokens as one text event, not one per token', () => {
    vi.useFakeTimers();
    try {
      const out: TaskEvent[] = [];
      const frames = new TextFrames((e) => out.push(e));
      for (let i = 0; i < 100; i++) frames.push({ type: 'text', text: ` w${i}` });
      expect(out).toEqual([]);
      vi.advanceTimersByTime(FRAME_MS);
      expect(out).toHaveLength(1);
      expect(out[0]).toEqual({ type: 'text', text: Array.from({ length: 100 }, (_, i) => ` w${i}`).join('') });
      frames.push({ type: 'text', text: 'next' });
      vi.advanceTimersByTime(FRAME_MS);
      expect(out.map((e) => e.type === 'text' && e.text)).toEqual([expect.any(String), 'next']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends held text before any other event, keeping the order, and flushes on demand', () => {
    const out: TaskEvent[] = [];
    const frames = new TextFrames((e) => out.push(e), 60_000);
    frames.push({ type: 'text', text: 'Reading ' });
    frames.push({ type: 'text', text: 'the file.' });
    frames.push({ type: 'tool', name: 'read_file', args: '{}', durationMs: 1, result: 'x' });
    frames.push({ type: 'text', text: 'Done.' });
    frames.flush();
    frames.flush();
    expect(out).toEqual([
      { type: 'text', text: 'Reading the file.' },
      { type: 'tool', name: 'read_file', args: '{}', durationMs: 1, result: 'x' },
      { type: 'text', text: 'Done.' },
    ]);
  });
});
