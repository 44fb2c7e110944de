import type { Engine, FunctionTool, Prompt, PromptEvaluation, TokenPiece } from '../engine/engine';
import type { ArmedFaults } from '../faults/faults';
import type { Pacing } from '../servedModels';
import { abortableSleep } from './abortableSleep';

export interface ProducedPiece extends TokenPiece {
  /** Fault injection: this piece's frame must carry bytes that are not UTF-8. */
  badUtf8: boolean;
}

export interface ProduceOptions {
  engine: Engine;
  prompt: Prompt;
  maxTokens: number;
  temperature?: number;
  pacing: Pacing;
  faults: Pick<ArmedFaults, 'stall' | 'enormousOutput' | 'invalidUtf8'>;
  signal: AbortSignal;
  onPrompt?(prompt: PromptEvaluation): void;
  tools?: readonly FunctionTool[];
}

// Unpaced generation yields to the event loop this often so other lanes and sockets progress.
const YIELD_EVERY = 64;

/** The engine's pieces, paced like the served model and with token-level faults applied. */
export async function* producedTokens(o: ProduceOptions): AsyncGenerator<ProducedPiece> {
  const source = o.faults.enormousOutput
    ? fillerTokens(o.faults.enormousOutput, o.signal)
    : o.engine.generate({ prompt: o.prompt, maxTokens: o.maxTokens, temperature: o.temperature, signal: o.signal, onPrompt: o.onPrompt, tools: o.tools });
  const start = performance.now() + o.pacing.firstTokenDelayMs;
  const gap = o.pacing.tokensPerSecond > 0 ? 1000 / o.pacing.tokensPerSecond : 0;
  let count = 0;
  let pieces = 0;
  let stalled = false;
  await abortableSleep(o.pacing.firstTokenDelayMs, o.signal);
  for await (const piece of source) {
    if (o.signal.aborted) return;
    if (o.faults.stall && !stalled && count >= o.faults.stall.afterTokens) {
      stalled = true;
      await abortableSleep(o.faults.stall.ms || Infinity, o.signal);
      if (o.signal.aborted) return;
    }
    if (gap > 0) {
      const wait = start + count * gap - performance.now();
      if (wait >= 1) await abortableSleep(wait, o.signal);
      if (o.signal.aborted) return;
    } else if (++pieces % YIELD_EVERY === 0) {
      await new Promise((r) => setImmediate(r));
    }
    const at = o.faults.invalidUtf8;
    yield { ...piece, badUtf8: at !== undefined && count <= at && at < count + Math.max(1, piece.tokens) };
    count += piece.tokens;
  }
}

async function* fillerTokens(count: number, signal: AbortSignal): AsyncGenerator<TokenPiece> {
  const words = [' lorem', ' ipsum', ' dolor', ' sit', ' amet', ',', '\n'];
  for (let i = 0; i < count && !signal.aborted; i++) yield { text: words[i % words.length], tokens: 1 };
}
