import type WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Heartbeat } from '../../../src/transport/ws/heartbeat';

describe('Heartbeat', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function rig() {
    const socket = { ping: vi.fn() };
    const silent = vi.fn();
    const beats = vi.fn();
    const hb = new Heartbeat(socket as unknown as WebSocket, 1000, 500, beats, silent, () => Date.now());
    hb.start();
    return { socket, silent, beats, hb };
  }

  it('pings every period and stays quiet while pongs come back', () => {
    const { socket, silent, beats, hb } = rig();
    for (let i = 0; i < 3; i++) {
      vi.advanceTimersByTime(1000);
      hb.pong();
    }
    expect(socket.ping).toHaveBeenCalledTimes(3);
    expect(beats).toHaveBeenCalledTimes(3);
    expect(silent).not.toHaveBeenCalled();
    hb.stop();
  });

  it('calls a socket silent once no pong came within the timeout', () => {
    const { silent, hb } = rig();
    vi.advanceTimersByTime(1000 + 499);
    expect(silent).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(silent).toHaveBeenCalledTimes(1);
    hb.stop();
  });

  it('after a blocked thread, waits once more for a pong that may be unread, then calls it silent', () => {
    const { silent, hb } = rig();
    vi.advanceTimersByTime(1000);
    // The thread was blocked for 2 s: the clock moved on, the timer fires late.
    vi.setSystemTime(Date.now() + 2000);
    vi.advanceTimersByTime(500);
    expect(silent).not.toHaveBeenCalled();
    // The pong read in that second wait keeps the socket.
    hb.pong();
    vi.advanceTimersByTime(500);
    expect(silent).not.toHaveBeenCalled();
    hb.stop();

    // Without a pong, the second wait ends it, blocked or not: one grace per ping.
    const again = rig();
    vi.advanceTimersByTime(1000);
    vi.setSystemTime(Date.now() + 2000);
    vi.advanceTimersByTime(500);
    vi.setSystemTime(Date.now() + 2000);
    vi.advanceTimersByTime(500);
    expect(again.silent).toHaveBeenCalledTimes(1);
    again.hb.stop();
  });
});
