import { readResponsesEvent, type FunctionCallItem, type ResponseEnd, type ResponsesEventSink, type ServerError } from '../../protocol/readResponsesEvent';
import { errorFromFailedResponse, errorFromServerEvent, scrub } from '../errorFromStatus';
import { ModelError } from '../modelError';
import { responsesBody } from '../responsesBody';
import type { TokenStream } from '../tokenStream';
import type { HttpRun } from './httpRun';

/** Streams a request through `POST /v1/responses`; a lost chain is restarted with the full input once. */
export async function runResponses(run: HttpRun, apiKey: string | undefined): Promise<void> {
  const { request: req, stream } = run;
  const model = run.model;
  let restart = false;
  for (;;) {
    try {
      const events = await run.sdk.responses.create({ ...responsesBody(req, model, restart), stream: true }, { signal: run.signal });
      const sink = new ResponsesSink(stream, run.endpoint, apiKey);
      // Read to the end of the body even after the terminal event: leaving early would abort
      // the request and cost the pooled connection. Cancelling aborts through the signal.
      for await (const event of events) {
        readResponsesEvent(event, sink);
      }
      stream.fail(new ModelError('network', `The stream from ${run.endpoint} ended before the response was complete.`));
      return;
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (code === 'previous_response_not_found' && !restart && req.previousResponseId !== undefined && (req.fullInput || req.fullItems)) {
        restart = true;
        continue;
      }
      throw err;
    }
  }
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
