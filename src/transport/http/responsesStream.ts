import { APIError } from 'openai';
import type { ResponseStreamEvent } from 'openai/resources/responses/responses';
import { readResponsesEvent, type FunctionCallItem, type ResponseEnd, type ResponsesEventSink, type ServerError } from '../../protocol/readResponsesEvent';
import { errorFromFailedResponse, errorFromServerEvent, scrub } from '../errorFromStatus';
import { ModelError } from '../modelError';
import { responsesBody } from '../responsesBody';
import type { TokenStream } from '../tokenStream';
import type { HttpRun } from './httpRun';
import { sseEvents } from './sseEvents';

/**
 * Streams a request through `POST /v1/responses`. A lost chain is restarted with the full input
 * once: the server did not find the previous response (`previous_response_not_found`, or a 404
 * naming it: vLLM with its store off), or answered without continuing it (`previous_response_id`
 * not echoed: llama.cpp and Ollama store nothing). Such a server gets the whole conversation
 * from then on (`run.chains`).
 */
export async function runResponses(run: HttpRun, apiKey: string | undefined): Promise<void> {
  const { request: req, stream } = run;
  const model = run.model;
  const canRestart = req.previousResponseId !== undefined && (req.fullInput !== undefined || req.fullItems !== undefined);
  let restart = canRestart && run.chains?.lost === true;
  for (;;) {
    const chained = !restart && req.previousResponseId !== undefined;
    try {
      // The raw response, its events read by sseEvents (cheaper than the client's own reader).
      const response = await run.sdk.responses.create({ ...responsesBody(req, model, restart), stream: true }, { signal: run.signal }).asResponse();
      const sink = new ResponsesSink(stream, run.endpoint, apiKey);
      let dropped = false;
      // Read to the end of the body even after the terminal event: leaving early would abort
      // the request and cost the pooled connection. Cancelling aborts through the signal.
      for await (const event of sseEvents(response, run.signal) as AsyncGenerator<ResponseStreamEvent>) {
        if (chained && canRestart && event.type === 'response.created' && event.response.previous_response_id !== req.previousResponseId) {
          dropped = true;
          break;
        }
        readResponsesEvent(event, sink);
      }
      if (dropped) {
        restart = chainLost(run);
        continue;
      }
      stream.fail(new ModelError('network', `The stream from ${run.endpoint} ended before the response was complete.`));
      return;
    } catch (err) {
      if (chained && canRestart && previousNotFound(err, req.previousResponseId!)) {
        restart = chainLost(run);
        continue;
      }
      throw err;
    }
  }
}

function chainLost(run: HttpRun): true {
  if (run.chains) run.chains.lost = true;
  return true;
}

function previousNotFound(err: unknown, id: string): boolean {
  if ((err as { code?: unknown }).code === 'previous_response_not_found') return true;
  return err instanceof APIError && err.status === 404 && err.message.includes(id);
}

class ResponsesSink implements ResponsesEventSink {
  constructor(
    private readonly stream: TokenStream,
    private readonly endpoint: string,
    private readonly apiKey: string | undefined,
  ) {}

  delta(text: string): void {
    this.stream.push(text);
  }

  created(responseId: string): void {
    this.stream.responseId = responseId;
  }

  argumentsDelta(): void {
    this.stream.pushArguments();
  }

  functionCall(call: FunctionCallItem): void {
    this.stream.pushCall(call);
  }

  end(end: ResponseEnd): void {
    const error = end.status === 'failed' ? errorFromFailedResponse(end, this.endpoint, this.apiKey) : undefined;
    this.stream.finish(end.status, { outputTokens: end.outputTokens, inputTokens: end.inputTokens, cachedInputTokens: end.cachedInputTokens, error });
  }

  steer(): void {}

  error(error: ServerError): void {
    this.stream.fail(errorFromServerEvent(error, this.endpoint, this.apiKey));
  }

  malformed(reason: string): void {
    this.stream.abandon(new ModelError('protocol', `${this.endpoint} sent a malformed event: ${scrub(reason, this.apiKey)}.`));
  }
}
