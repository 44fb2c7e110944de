import type { Logger } from '../log/logger';
import type { ModelRequest } from './modelClient';
import { ModelError } from './modelError';
import { outputCharCap } from './outputCap';
import { TokenStream } from './tokenStream';

export interface StreamDefaults {
  now: () => number;
  firstTokenTimeoutMs: number;
  stallTimeoutMs: number;
  endpoint: string;
  maxOutputChars?: number;
  log: Logger;
}

/**
 * A request's stream with the client's timeouts, stop sequences and output cap, shared by the
 * WebSocket and HTTP clients. A closed client's stream fails at once.
 */
export function openStream(o: StreamDefaults, id: number, request: ModelRequest, disposed: boolean): TokenStream {
  const stream = new TokenStream({
    id,
    now: o.now,
    firstTokenTimeoutMs: o.firstTokenTimeoutMs,
    stallTimeoutMs: o.stallTimeoutMs,
    stop: request.stop,
    endpoint: o.endpoint,
    maxChars: outputCharCap(request, o.maxOutputChars),
    onCapped: (max) => o.log.warn(`${o.endpoint} sent more than ${max} characters for one response; the output was cut there.`),
  });
  stream.marks.promptChars = promptChars(request);
  if (disposed) stream.fail(new ModelError('cancelled', 'The model client was closed.'));
  return stream;
}

/**
 * The text a request puts before the model: what its input tokens are estimated from when the
 * server reports no usage (a cancelled request). A chained request counts the whole
 * conversation, as the server does.
 */
function promptChars(request: ModelRequest): number {
  const messages = request.fullInput ?? request.input;
  let n = (request.instructions?.length ?? 0) + (request.fim ? request.fim.prefix.length + request.fim.suffix.length : 0);
  for (const m of messages) n += m.content.length;
  for (const item of request.fullItems ?? request.items ?? []) n += 'content' in item ? item.content.length : 'output' in item ? item.output.length : item.arguments.length;
  return n;
}
