import { WebSocket } from 'ws';
import type { EventSink } from '../responses/eventSink';

// Above this many buffered bytes a stream waits, so a slow reader cannot grow memory unbounded.
const HIGH_WATER = 1 << 20;

/** Sends events as text frames on a socket. */
export function wsSink(ws: WebSocket): EventSink {
  return {
    async write(_type, frame) {
      while (ws.readyState === WebSocket.OPEN && ws.bufferedAmount > HIGH_WATER) {
        await new Promise((r) => setTimeout(r, 2));
      }
      if (ws.readyState !== WebSocket.OPEN) return false;
      ws.send(frame, { binary: false });
      return true;
    },
    destroy() {
      ws.terminate();
    },
  };
}
