import { describe, expect, it } from 'vitest';
import { FrameScheduler } from '../../src/edits/frameScheduler';
import { until } from '../../support/until.mjs';
import { ManualTimers } from '../support/manualTimers';

describe('FrameScheduler', () => {
  it('flushes the first change on the next tick, then at most once per frame', async () => {
    const timers = new ManualTimers();
    const flushedAt: number[] = [];
    const frames = new FrameScheduler(async () => void flushedAt.push(timers.now()), timers, 16);
    frames.request();
    expect(timers.runNext()).toBe(true);
    await Promise.resolve();
    expect(flushedAt).toEqual([0]);
    // 100 changes over 40 ms of clock time.
    for (let t = 1; t <= 40; t++) {
      timers.time = t;
      frames.request();
      frames.request();
      timers.runDue();
      await Promise.resolve();
    }
    for (let i = 1; i < flushedAt.length; i++) expect(flushedAt[i] - flushedAt[i - 1]).toBeGreaterThanOrEqual(16);
    expect(flushedAt.length).toBeLessThanOrEqual(4);
  });

  it('never overlaps a slow flush and runs once more after it when changes came in', async () => {
    const timers = new ManualTimers();
    let running = 0;
    let maxRunning = 0;
    let release: () => void = () => {};
    let calls = 0;
    const frames = new FrameScheduler(
      () => {
        calls++;
        running++;
        maxRunning = Math.max(maxRunning, running);
        return new Promise<void>((r) => (release = () => (running--, r())));
      },
      timers,
      16,
    );
    frames.request();
    timers.runNext();
    frames.request();
    timers.time = 100;
    expect(timers.runNext()).toBe(false);
    release();
    await new Promise((r) => setImmediate(r));
    expect(timers.runNext()).toBe(true);
    release();
    expect(calls).toBe(2);
    expect(maxRunning).toBe(1);
  });

  it('pauses after a slow flush as long as it took, and keeps the frame cadence after a fast one', async () => {
    const timers = new ManualTimers();
    const startedAt: number[] = [];
    let took = 80;
    let release: () => void = () => {};
    const frames = new FrameScheduler(
      () => {
        startedAt.push(timers.now());
        const done = timers.now() + took;
        // The editor applies the update `took` ms later.
        return new Promise<void>((r) => (release = () => ((timers.time = done), r())));
      },
      timers,
      16,
    );
    const nextFramePlanned = () => until('the next frame is planned', () => timers.pending > 0);
    frames.request();
    timers.runNext();
    frames.request();
    release();
    await nextFramePlanned();
    // Ended at 80 after 80 ms of work: the next starts at 160, not at once.
    timers.time = 159;
    timers.runDue();
    expect(startedAt).toEqual([0]);
    took = 2;
    timers.time = 160;
    timers.runDue();
    expect(startedAt).toEqual([0, 160]);
    frames.request();
    release();
    await nextFramePlanned();
    // Ended at 162 after 2 ms: the frame (16 ms from its start) decides.
    timers.time = 175;
    timers.runDue();
    expect(startedAt).toEqual([0, 160]);
    timers.time = 176;
    timers.runDue();
    expect(startedAt).toEqual([0, 160, 176]);
    release();
  });

  it('flushNow runs at once and a disposed scheduler runs nothing', async () => {
    const timers = new ManualTimers();
    let calls = 0;
    const frames = new FrameScheduler(async () => void calls++, timers, 16);
    await frames.flushNow();
    expect(calls).toBe(1);
    frames.dispose();
    frames.request();
    await frames.flushNow();
    expect(timers.pending).toBe(0);
    expect(calls).toBe(1);
  });
});
