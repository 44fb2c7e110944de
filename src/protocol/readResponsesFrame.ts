import { isUtf8 } from 'node:buffer';
import { readResponsesEvent, type ResponsesEventSink } from './readResponsesEvent';

/**
 * Reads one WebSocket frame: checked, JSON-parsed once, then dispatched. A frame that is binary,
 * not UTF-8 or not JSON is reported as malformed, attributed to its lane when that can be read;
 * the start of the frame goes along separately, for the log rather than the user (long enough
 * that the log can scrub a key in it before shortening it further).
 */
export function readResponsesFrame(frame: string | Buffer, sink: ResponsesEventSink, isBinary = false): void {
  let text: string;
  if (typeof frame === 'string') {
    text = frame;
  } else {
    text = frame.toString('utf8');
    if (isBinary) return sink.malformed('binary frame where a JSON text frame was expected', streamIdIn(text));
    if (!isUtf8(frame)) return sink.malformed('frame is not valid UTF-8', streamIdIn(text), preview(text));
  }
  let obj: unknown;
  try {
    obj = JSON.parse(text);
  } catch {
    return sink.malformed('frame is not JSON', streamIdIn(text), preview(text));
  }
  readResponsesEvent(obj, sink);
}

/** Best effort: the lane of a frame that failed to parse, so only its request fails. */
function streamIdIn(text: string): string | undefined {
  return /"stream_id"\s*:\s*"([A-Za-z0-9_.-]{1,256})"/.exec(text)?.[1];
}

// Longer than any key, so a key starting in the first 80 characters is always whole here.
const SAMPLE_CHARS = 1024;

function preview(text: string): string {
  return text.length > SAMPLE_CHARS ? text.slice(0, SAMPLE_CHARS) : text;
}
