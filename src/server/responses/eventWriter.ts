import type { ArmedFaults } from '../faults/faults';
import type { EventSink } from './eventSink';

/** Put this at the end of a text field of an event sent with `badUtf8`; it becomes invalid bytes. */
export const BAD_UTF8_MARK = '\u0000flint-bad-utf8\u0000';
const ESCAPED_MARK = JSON.stringify(BAD_UTF8_MARK).slice(1, -1);
const BAD_UTF8_BYTES = Buffer.from([0xff, 0xfe, 0xc3, 0x28]);

type ErrorFault = NonNullable<ArmedFaults['errorEvent']>;

/** How one protocol frames its events: numbering, lane echo, and the error payload. */
export interface Framing {
  decorate(event: Record<string, unknown>, index: number): Record<string, unknown>;
  error(fault: ErrorFault): Record<string, unknown>;
}

/** Responses API framing: every event numbered, lane echoed. */
export function responsesFraming(streamId?: string): Framing {
  const lane = streamId === undefined ? {} : { stream_id: streamId };
  return {
    decorate: (event, index) => ({ ...event, sequence_number: index, ...lane }),
    error: (f) => ({ type: 'error', status: f.status, error: { type: f.type, code: f.code, message: f.message, param: null } }),
  };
}

/** Chat/Completions framing: chunks as they are, errors as `{error}`. */
export const chunkFraming: Framing = {
  decorate: (event) => event,
  error: (f) => ({ error: { type: f.type, code: f.code, message: f.message, param: null } }),
};

/**
 * Writes the events of one response or stream and applies the event-level faults armed for
 * it. `emit` resolves false once nothing more may be sent.
 */
export class EventWriter {
  private count = 0;
  private stopped = false;

  constructor(
    private readonly sink: EventSink,
    private readonly faults: Pick<ArmedFaults, 'dropAfterEvents' | 'malformedFrame' | 'errorEvent'>,
    private readonly framing: Framing,
  ) {}

  get ended(): boolean {
    return this.stopped;
  }

  /** Sends an event; with `badUtf8`, BAD_UTF8_MARK inside it is sent as invalid UTF-8 bytes. */
  async emit(event: Record<string, unknown>, badUtf8 = false): Promise<boolean> {
    if (this.stopped) return false;
    const n = this.count;
    if (this.faults.dropAfterEvents === n) {
      this.stopped = true;
      this.sink.destroy();
      return false;
    }
    const type = String(event.type ?? 'message');
    const fault = this.faults.errorEvent;
    if (fault && fault.after === n) {
      this.stopped = true;
      await this.sink.write('error', JSON.stringify(this.framing.decorate(this.framing.error(fault), this.count++)));
      return false;
    }
    const json = JSON.stringify(this.framing.decorate(event, this.count++));
    if (this.faults.malformedFrame === n) return this.keep(await this.sink.write(type, json.slice(0, Math.max(1, json.length >> 1))));
    if (!badUtf8) return this.keep(await this.sink.write(type, json));
    const [head, tail] = json.split(ESCAPED_MARK);
    return this.keep(await this.sink.write(type, Buffer.concat([Buffer.from(head), BAD_UTF8_BYTES, Buffer.from(tail ?? '')])));
  }

  private keep(ok: boolean): boolean {
    if (!ok) this.stopped = true;
    return ok;
  }
}
