import { existsSync } from 'node:fs';
import type {
  ChatHistoryItem,
  ChatWrapper,
  Llama,
  LlamaCompletionResponse,
  LlamaContext,
  LlamaContextSequence,
  LlamaModel,
  Token,
} from 'node-llama-cpp';
import { ensureTinyModel } from '../tinyModel/ensureTinyModel';
import type { EngineOptions } from './createEngine';
import type { ChatMessage, Engine, GenerationRequest, Prompt, TokenPiece } from './engine';
import { PieceQueue } from './pieceQueue';
import { SequencePool } from './sequencePool';
import { validateModel } from './validateModel';

type Lib = typeof import('node-llama-cpp');

/** Loads the tiny generated model or a user GGUF (validated in a child process first). */
export async function createLlamaEngine(o: EngineOptions): Promise<Engine> {
  let modelPath: string;
  if (o.engine === 'tiny') modelPath = await ensureTinyModel(o.cacheDir, undefined, o.log);
  else {
    if (!o.modelPath) throw new Error('The llama engine needs a GGUF model path (--model PATH).');
    if (!existsSync(o.modelPath)) throw new Error(`Model file not found: ${o.modelPath}`);
    modelPath = o.modelPath;
    await validateModel(modelPath);
  }
  const lib = await import('node-llama-cpp');
  // One thread: on a small machine more threads contend and generation slows down sharply.
  const llama = await lib.getLlama({
    gpu: false,
    build: 'never',
    skipDownload: true,
    maxThreads: 1,
    logLevel: lib.LlamaLogLevel.error,
    logger: (_level, message) => o.log(message.trim()),
  });
  const model = await llama.loadModel({ modelPath });
  const sequences = o.engine === 'tiny' ? 4 : 2;
  const context = await model.createContext({ contextSize: Math.min(model.trainContextSize, 8192), sequences });
  return new LlamaEngine(o.engine, lib, llama, model, context, sequences);
}

/** Real inference: greedy decoding, one loaded model, one context whose sequences serve lanes. */
export class LlamaEngine implements Engine {
  private readonly pool: SequencePool<LlamaContextSequence>;
  private readonly chatWrapper: ChatWrapper;

  constructor(
    readonly name: string,
    private readonly lib: Lib,
    private readonly llama: Llama,
    private readonly model: LlamaModel,
    private readonly context: LlamaContext,
    sequences: number,
  ) {
    this.pool = new SequencePool(Array.from({ length: sequences }, () => context.getSequence()));
    this.chatWrapper = lib.resolveChatWrapper(model);
  }

  async countPromptTokens(prompt: Prompt): Promise<number> {
    return this.promptTokens(prompt).length;
  }

  async *generate(request: GenerationRequest): AsyncIterable<TokenPiece> {
    const sequence = await this.pool.acquire(request.signal);
    if (!sequence) return;
    try {
      if (request.maxTokens <= 0) return void (await this.warm(sequence, this.promptTokens(request.prompt)));
      yield* this.stream(sequence, request);
    } finally {
      this.pool.release(sequence);
    }
  }

  private async *stream(sequence: LlamaContextSequence, request: GenerationRequest): AsyncGenerator<TokenPiece> {
    const stop = new AbortController();
    const signal = AbortSignal.any([request.signal, stop.signal]);
    const queue = new PieceQueue();
    let pending = 0;
    let counted = 0;
    const completion = new this.lib.LlamaCompletion({ contextSequence: sequence });
    const options = {
      signal,
      stopOnAbortSignal: true,
      maxTokens: request.maxTokens,
      // Plain greedy decoding: deterministic, and no per-token penalty bookkeeping.
      repeatPenalty: false as const,
      // Tokens are counted from the token callback: text chunks hold back partial UTF-8.
      onToken: (tokens: Token[]) => void (pending += tokens.length),
      onTextChunk: (text: string) => {
        queue.push({ text, tokens: pending });
        counted += pending;
        pending = 0;
      },
    };
    const { prompt } = request;
    const run =
      prompt.kind === 'fim' && completion.infillSupported
        ? completion.generateInfillCompletionWithMeta((prompt.extra ? `${prompt.extra}\n` : '') + prompt.prefix, prompt.suffix, options)
        : prompt.kind === 'chat'
          ? this.chatCompletion(completion, prompt.instructions, prompt.messages, options)
          : completion.generateCompletionWithMeta(prompt.kind === 'fim' ? prompt.prefix : prompt.text, options);
    const finished = run.then(
      (result) => {
        // Tokens held back as a possible stop trigger when the cap hits reach no callback;
        // the cap still counts them.
        const missing = result.metadata.stopReason === 'maxTokens' ? request.maxTokens - counted - pending : 0;
        if (pending + missing > 0) queue.push({ text: '', tokens: pending + missing });
        queue.end();
      },
      (err: Error) => queue.end(signal.aborted ? undefined : err),
    );
    try {
      yield* queue.drain();
    } finally {
      stop.abort();
      await finished;
      completion.dispose({ disposeSequence: false });
    }
  }

  private chatCompletion(
    completion: InstanceType<Lib['LlamaCompletion']>,
    instructions: string | undefined,
    messages: ChatMessage[],
    options: Parameters<InstanceType<Lib['LlamaCompletion']>['generateCompletion']>[1],
  ): Promise<LlamaCompletionResponse> {
    const state = this.chatWrapper.generateContextState({ chatHistory: chatHistory(instructions, messages) });
    return completion.generateCompletionWithMeta(state.contextText, { ...options, customStopTriggers: state.stopGenerationTriggers });
  }

  private promptTokens(prompt: Prompt): Token[] {
    const t = this.model.tokenizer;
    switch (prompt.kind) {
      case 'chat':
        return this.chatWrapper
          .generateContextState({ chatHistory: chatHistory(prompt.instructions, prompt.messages) })
          .contextText.tokenize(t);
      case 'fim': {
        const { prefix, suffix, middle } = this.model.tokens.infill;
        const head = (prompt.extra ? `${prompt.extra}\n` : '') + prompt.prefix;
        const marks = (id: Token | null) => (id === null ? [] : [id]);
        return [...marks(prefix), ...t(head), ...marks(suffix), ...t(prompt.suffix), ...marks(middle)];
      }
      case 'text':
        return t(prompt.text);
    }
  }

  /** Evaluates a prompt without generating, reusing whatever prefix the sequence already holds. */
  private async warm(sequence: LlamaContextSequence, tokens: Token[]): Promise<void> {
    const held = sequence.contextTokens;
    let common = 0;
    while (common < held.length && common < tokens.length && held[common] === tokens[common]) common++;
    if (common < held.length) await sequence.eraseContextTokenRanges([{ start: common, end: held.length }]);
    if (common < tokens.length) await sequence.evaluateWithoutGeneratingNewTokens(tokens.slice(common));
  }

  async close(): Promise<void> {
    await this.context.dispose();
    await this.model.dispose();
    await this.llama.dispose();
  }
}

function chatHistory(instructions: string | undefined, messages: ChatMessage[]): ChatHistoryItem[] {
  const system = [instructions, ...messages.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => m.content)]
    .filter(Boolean)
    .join('\n\n');
  const items: ChatHistoryItem[] = system ? [{ type: 'system', text: system }] : [];
  for (const m of messages) {
    if (m.role === 'user') items.push({ type: 'user', text: m.content });
    else if (m.role === 'assistant') items.push({ type: 'model', response: [m.content] });
  }
  items.push({ type: 'model', response: [] });
  return items;
}
