import WebSocket from 'ws';

export type ServerEvent = Record<string, any> & { type: string };

/** A test client that records every server event and waits for the ones a test expects. */
export class WsEventClient {
  readonly events: ServerEvent[] = [];
  readonly rawFrames: Buffer[] = [];
  /** Errors the socket reported (e.g. a frame that is not valid UTF-8). */
  readonly errors: (Error & { code?: string })[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      this.rawFrames.push(data);
      try {
        this.events.push(JSON.parse(data.toString('utf8')));
      } catch {
        this.events.push({ type: '(unparseable)', raw: data.toString('utf8') });
      }
      for (const w of this.waiters) w();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        for (const w of this.waiters) w();
      });
    });
    ws.on('error', (err) => this.errors.push(err));
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<WsEventClient> {
    const ws = new WebSocket(url, { headers });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new WsEventClient(ws)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake status ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  send(event: object): void {
    this.ws.send(JSON.stringify(event));
  }

  /** The first recorded event matching `pred` (waiting for it up to `timeoutMs`). */
  waitFor(pred: (e: ServerEvent) => boolean, timeoutMs = 5000): Promise<ServerEvent> {
    return new Promise((resolve, reject) => {
      let checked = 0;
      const check = () => {
        // Only new events are tested, so long streams stay linear.
        for (; checked < this.events.length; checked++) {
          if (pred(this.events[checked])) {
            cleanup();
            return resolve(this.events[checked]);
          }
        }
        if (this.ws.readyState === WebSocket.CLOSED) {
          cleanup();
          reject(new Error(`socket closed before the expected event; last: ${this.lastTypes()}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out; last events: ${this.lastTypes()}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== check);
      };
      this.waiters.push(check);
      check();
    });
  }

  /** Waits for the n-th (0-based) terminal event on a lane (undefined: the default lane). */
  terminal(streamId?: string, n = 0, timeoutMs = 5000): Promise<ServerEvent> {
    let seen = 0;
    return this.waitFor((e) => TERMINAL.has(e.type) && e.stream_id === streamId && seen++ === n, timeoutMs);
  }

  terminals(streamId?: string): ServerEvent[] {
    return this.events.filter((e) => TERMINAL.has(e.type) && e.stream_id === streamId);
  }

  /** Events of one response, by id (created carries it in `response.id`). */
  eventsOf(responseId: string): ServerEvent[] {
    const created = this.events.find((e) => e.type === 'response.created' && e.response.id === responseId);
    if (!created) return [];
    const start = this.events.indexOf(created);
    const out: ServerEvent[] = [];
    let itemId: string | undefined;
    for (const e of this.events.slice(start)) {
      if (e.stream_id !== created.stream_id) continue;
      if (e.response && e.response.id !== responseId) continue;
      if (e.type === 'response.output_item.added') itemId ??= e.item.id;
      if (e.item_id && e.item_id !== itemId) continue;
      if (e.item?.id && e.item.id !== itemId) continue;
      out.push(e);
      if (TERMINAL.has(e.type)) break;
    }
    return out;
  }

  private lastTypes(): string {
    return this.events.slice(-12).map((e) => e.type).join(', ');
  }

  types(streamId?: string | null): string[] {
    return this.events.filter((e) => streamId === null || streamId === undefined || e.stream_id === streamId).map((e) => e.type);
  }

  close(): void {
    this.ws.close();
  }
}

export const TERMINAL = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/** Concatenated deltas of one response. */
export function deltaText(events: ServerEvent[]): string {
  return events
    .filter((e) => e.type === 'response.output_text.delta')
    .map((e) => e.delta)
    .join('');
}
