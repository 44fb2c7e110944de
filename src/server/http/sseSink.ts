import type { ServerResponse } from 'node:http';
import type { EventSink } from '../responses/eventSink';

/** Starts an SSE body and returns a sink writing `event:`-named (or bare `data:`) frames. */
export function sseSink(res: ServerResponse, namedEvents: boolean): EventSink {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  return {
    async write(type, frame) {
      if (res.destroyed || res.writableEnded) return false;
      const head = namedEvents ? `event: ${type}\ndata: ` : 'data: ';
      const body = typeof frame === 'string' ? head + frame + '\n\n' : Buffer.concat([Buffer.from(head), frame, Buffer.from('\n\n')]);
      if (!res.write(body)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done);
            res.off('close', done);
            resolve();
          };
          res.on('drain', done);
          res.on('close', done);
        });
      }
      return !res.destroyed;
    },
    destroy() {
      // A dropped connection cuts after what was already written: Node corks a response's
      // socket until the next tick, and destroying it at once would discard those frames.
      res.socket?.uncork();
      res.destroy();
    },
  };
}

/** Ends an SSE body, with the `data: [DONE]` sentinel of the OpenAI-compatible streams. */
export function endSse(res: ServerResponse, done: boolean): void {
  if (res.destroyed || res.writableEnded) return;
  res.end(done ? 'data: [DONE]\n\n' : undefined);
}

/** Aborts `controller` when the client goes away before the response finished. */
export function abortOnClose(res: ServerResponse, controller: AbortController): void {
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
}
