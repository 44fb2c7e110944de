import { estimateTokens } from '../context/tokenEstimate';
import type { Services } from '../services';
import type { TestModel } from './testGeneration';

/**
 * The TestModel over Flint's own clients: the router picks fast or full (a request spanning
 * several files goes to the full model, as every surface's does), the answer is streamed to its
 * end, and an abort cancels the stream at once.
 */
export function streamTestModel(services: Pick<Services, 'route' | 'fast' | 'full' | 'beginGeneration' | 'log'>): TestModel {
  return async (request, signal) => {
    const decision = services.route({ surface: 'edit', text: 'write tests', files: request.files, tokenEstimate: estimateTokens(request.instructions + request.input) });
    const client = decision.target === 'full' ? services.full() : services.fast();
    const end = services.beginGeneration();
    const stream = client.stream({ surface: 'edit', instructions: request.instructions, input: [{ role: 'user', content: request.input }], label: `tests: ${decision.reasons.join(', ')}` });
    const onAbort = () => stream.cancel();
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) stream.cancel();
    try {
      const result = await stream.done;
      if (result.status === 'cancelled') throw new Error('cancelled');
      if (result.status === 'failed') throw new Error(result.error?.message ?? 'the model request failed');
      const m = stream.marks;
      const modelMs = m.firstToken !== undefined && m.done !== undefined ? m.done - m.firstToken : undefined;
      return { text: result.text, model: `${client.model} (${decision.target}: ${decision.reasons.join(', ') || 'default'})`, ...(modelMs !== undefined ? { modelMs } : {}) };
    } finally {
      signal.removeEventListener('abort', onAbort);
      end();
    }
  };
}
