import { ModelError } from '../modelError';
import { readChatChunk } from '../../protocol/chatChunk';
import { ChunkCollector } from './chunkCollector';
import type { HttpRun } from './httpRun';
import { sseEvents } from './sseEvents';

/** Chat Completions allows at most this many stop sequences; the client cuts at the rest. */
const SERVER_STOPS = 4;

/** Streams a request through Chat Completions (servers without the Responses API). */
export async function runChat(run: HttpRun): Promise<void> {
  const { request: req, stream } = run;
  if (req.tools || req.items) {
    stream.fail(new ModelError('config', 'Function calling needs the Responses API: set "flint.http.api" to responses for this endpoint.'));
    return;
  }
  // No server-side chain here: resend the whole conversation when there is one.
  const input = req.previousResponseId !== undefined && req.fullInput ? req.fullInput : req.input;
  const messages = [...(req.instructions !== undefined ? [{ role: 'system' as const, content: req.instructions }] : []), ...input];
  const response = await run.sdk.chat.completions.create(
    {
      model: req.model ?? run.model,
      messages: messages.map((m) => ({ role: m.role, content: m.content })),
      stream: true,
      stream_options: { include_usage: true },
      ...(req.maxOutputTokens !== undefined && { max_tokens: req.maxOutputTokens }),
      ...(req.temperature !== undefined && { temperature: req.temperature }),
      ...(req.stop?.length && { stop: req.stop.slice(0, SERVER_STOPS) }),
      ...(req.jsonSchema && { response_format: { type: 'json_schema' as const, json_schema: { ...req.jsonSchema, strict: true } } }),
    },
    { signal: run.signal },
  ).asResponse();
  const sink = new ChunkCollector(stream, run.endpoint);
  for await (const chunk of sseEvents(response, run.signal)) {
    readChatChunk(chunk, sink);
  }
  sink.end();
}
