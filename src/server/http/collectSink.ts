import type { ServerResponse } from 'node:http';
import type { EventSink } from '../responses/eventSink';
import { endSse } from './sseSink';

/** Collects frames for a non-streaming reply; remembers a fault-dropped connection. */
export class CollectSink implements EventSink {
  readonly frames: (string | Buffer)[] = [];
  dropped = false;

  constructor(private readonly onDestroy: () => void) {}

  async write(_type: string, frame: string | Buffer): Promise<boolean> {
    this.frames.push(frame);
    return !this.dropped;
  }

  destroy(): void {
    this.dropped = true;
    this.onDestroy();
  }

  /** The last frame decoded, or undefined when it is not JSON (a malformed-frame fault). */
  last(): Record<string, any> | undefined {
    try {
      return JSON.parse(String(this.frames[this.frames.length - 1]));
    } catch {
      return undefined;
    }
  }
}

/** Ends a reply cut short by a fault or a departed client: the error (if any) or nothing more. */
export function endAbandoned(res: ServerResponse, collect: CollectSink | undefined, errorStatus = 500): void {
  if (!collect) return endSse(res, false);
  if (collect.dropped || res.destroyed) return;
  const last = collect.last();
  const status = last?.error ? errorStatus : 200;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(last ? JSON.stringify(last) : collect.frames[collect.frames.length - 1]);
}
