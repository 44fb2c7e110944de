import { APIError } from 'openai';
import { readCompletionChunk } from '../../protocol/completionChunk';
import { readInfillChunk } from '../../protocol/infillChunk';
import { ChunkCollector } from './chunkCollector';
import type { HttpRun } from './httpRun';
import { ModelError } from '../modelError';
import { sseEvents } from './sseEvents';

/**
 * Native fill-in-the-middle: `/v1/completions` with `suffix`, or llama.cpp `/infill`. Prompt
 * templates are the caller's business; this only posts prefix and suffix.
 */
export async function runFim(run: HttpRun, api: 'infill' | 'completions', infillUrl: string): Promise<void> {
  const { request: req, stream } = run;
  const fim = req.fim!;
  const sink = new ChunkCollector(stream, run.endpoint);
  if (api === 'completions') {
    const response = await run.sdk.completions.create(
      {
        model: req.model ?? run.model,
        prompt: fim.prefix,
        // Empty when the caller rendered a template into the prompt; some servers refuse `suffix`.
        ...(fim.suffix && { suffix: fim.suffix }),
        stream: true,
        stream_options: { include_usage: true },
        ...(req.maxOutputTokens !== undefined && { max_tokens: req.maxOutputTokens }),
        ...(req.temperature !== undefined && { temperature: req.temperature }),
        ...(req.stop?.length && { stop: req.stop.slice(0, 4) }),
      },
      { signal: run.signal },
    ).asResponse();
    for await (const chunk of sseEvents(response, run.signal)) {
      readCompletionChunk(chunk, sink);
    }
  } else {
    const body = {
      input_prefix: fim.prefix,
      input_suffix: fim.suffix,
      stream: true,
      cache_prompt: true,
      ...(req.maxOutputTokens !== undefined && { n_predict: req.maxOutputTokens }),
      ...(req.temperature !== undefined && { temperature: req.temperature }),
      ...(req.stop?.length && { stop: req.stop }),
    };
    const response = await run.sdk.post(infillUrl, { body, stream: true, signal: run.signal }).asResponse().catch((err: unknown) => {
      throw err instanceof APIError && err.status === 404 ? noInfill(run.endpoint) : err;
    });
    for await (const chunk of sseEvents(response, run.signal)) {
      readInfillChunk(chunk, sink);
    }
  }
  sink.end();
}

/** A server without llama.cpp's `/infill` (vLLM, Ollama) answers 404: say what to set instead. */
function noInfill(endpoint: string): ModelError {
  return new ModelError(
    'config',
    `${endpoint} has no /infill (HTTP 404: Not Found): that route is llama.cpp's. For vLLM or Ollama set "flint.completions.api" to completions, with the model's "flint.completions.fimTemplate".`,
    { status: 404 },
  );
}
