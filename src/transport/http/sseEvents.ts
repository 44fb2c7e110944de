import { APIError } from 'openai';
import { Utf8Reader } from './utf8Reader';

/**
 * The JSON events of a server-sent-events body, read as the OpenAI client reads them (an event's
 * `data` lines joined, `[DONE]` ends it, an event holding `error` throws APIError, an event cut
 * off by the end of the body is dropped). Hand-written because the client's own reader (bytes
 * joined and searched per chunk, then a line decoder, then an SSE decoder, each an async
 * generator) costs about three times the CPU per event. Every HTTP stream goes through it: ghost
 * text right after a keystroke, chat, and a background task's full model (two tasks at 1,000
 * tokens a second are 2,000 events a second in the extension host the typist's ghost text
 * shares). Each byte is decoded once, here, and checked: bytes that are not UTF-8 throw
 * InvalidUtf8Error. Ends quietly when `signal` aborts; cancels the body when left early.
 */
export async function* sseEvents(response: Response, signal?: AbortSignal): AsyncGenerator<unknown> {
  const body = response.body;
  if (!body) return;
  const reader = body.getReader();
  const utf8 = new Utf8Reader();
  let buffered = '';
  // The event's data lines joined with "\n" (one line, as servers send it, needs no join).
  let data: string | undefined;
  let finished = false;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (err) {
        if (signal?.aborted) return;
        throw err;
      }
      if (chunk.done) {
        finished = true;
        utf8.end();
        return;
      }
      buffered += utf8.next(chunk.value);
      let start = 0;
      // Lines end at "\n", "\r\n" or "\r": the next of each is looked up only once passed (none: Infinity).
      const next = (c: string) => {
        const i = buffered.indexOf(c, start);
        return i === -1 ? Infinity : i;
      };
      let lf = next('\n');
      let cr = next('\r');
      for (;;) {
        if (lf < start) lf = next('\n');
        if (cr < start) cr = next('\r');
        const end = Math.min(lf, cr);
        if (end === Infinity) break;
        // A "\r" closing the chunk may be the first half of "\r\n": wait for the next chunk.
        if (end === cr && end === buffered.length - 1) break;
        const line = buffered.slice(start, end);
        start = end + (end === cr && buffered.charCodeAt(end + 1) === 10 ? 2 : 1);
        if (line === '') {
          if (data === undefined) continue;
          const text = data;
          data = undefined;
          if (text.startsWith('[DONE]')) {
            finished = await drain(reader, utf8, signal);
            return;
          }
          // A chunk may hold many events: none is read past an abort (a Stop).
          if (signal?.aborted) return;
          const event = JSON.parse(text) as { error?: unknown };
          if (event && event.error) throw new APIError(undefined, event.error as object, undefined, response.headers);
          yield event;
        } else if (line.startsWith('data:')) {
          const value = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
          data = data === undefined ? value : `${data}\n${value}`;
        }
        // "event:", "id:", "retry:" and ":" comments: the event's type is in its JSON.
      }
      buffered = buffered.slice(start);
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** Reads the body to its end after `[DONE]` (the connection goes back to the pool), still checked; true when it ended. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, utf8: Utf8Reader, signal?: AbortSignal): Promise<boolean> {
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) utf8.next(chunk.value);
    utf8.end();
    return true;
  } catch (err) {
    if (signal?.aborted) return false;
    throw err;
  }
}
