import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type {
  ChatModelFunctions,
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
import type { ChatMessage, Engine, FunctionTool, GenerationRequest, ModelFacts, PlannedCall, Prompt, TokenPiece } from './engine';
import { gbnfSchema } from './gbnfSchema';
import { llamaChatHistory } from './llamaChatHistory';
import { PieceQueue } from './pieceQueue';
import { SequencePool } from './sequencePool';
import { validateModel } from './validateModel';

type Lib = typeof import('node-llama-cpp');
type CompletionOptions = Parameters<InstanceType<Lib['LlamaCompletion']>['generateCompletion']>[1];

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
  // One thread by default: on a small machine more threads contend with the editor, and with
  // the default count generation slowed down sharply.
  const threads = o.threads ?? 1;
  const llama = await lib.getLlama({
    gpu: false,
    build: 'never',
    skipDownload: true,
    maxThreads: threads,
    logLevel: lib.LlamaLogLevel.error,
    logger: (_level, message) => o.log(message.trim()),
  });
  const model = await llama.loadModel({ modelPath });
  const sequences = o.engine === 'tiny' ? 4 : 2;
  const context = await model.createContext({ contextSize: Math.min(model.trainContextSize, 8192), sequences, threads });
  return new LlamaEngine(o.engine, lib, llama, model, context, sequences, modelFacts(model, modelPath, threads));
}

// A few lines of ordinary code: how many characters a token covers on what ghost text sends.
const CODE_SAMPLE = [
  'export function parseLine(line: string, index: number): Entry | undefined {',
  "  const [key, ...rest] = line.split('=');",
  '  if (!key.trim()) return undefined;',
  '  return { key: key.trim(), value: rest.join(\'=\').trim(), line: index + 1 };',
  '}',
].join('\n');

function modelFacts(model: LlamaModel, modelPath: string, threads: number): ModelFacts {
  const { prefix, suffix, middle } = model.tokens.infill;
  const tokenizer = (model.fileInfo.metadata as { tokenizer?: { chat_template?: unknown } }).tokenizer;
  return {
    file: basename(modelPath),
    contextLength: Math.min(model.trainContextSize, 8192),
    fimTokens: { prefix, suffix, middle },
    chatTemplate: typeof tokenizer?.chat_template === 'string',
    tools: false,
    charsPerToken: Math.round((CODE_SAMPLE.length / model.tokenize(CODE_SAMPLE).length) * 100) / 100,
    threads,
  };
}

/** Real inference: greedy decoding, one loaded model, one context whose sequences serve lanes. */
export class LlamaEngine implements Engine {
  private readonly pool: SequencePool<LlamaContextSequence>;
  private readonly chatWrapper: ChatWrapper;
  readonly toolsUnsupported: string | undefined;
  readonly facts: ModelFacts;

  constructor(
    readonly name: string,
    private readonly lib: Lib,
    private readonly llama: Llama,
    private readonly model: LlamaModel,
    private readonly context: LlamaContext,
    sequences: number,
    facts: ModelFacts,
  ) {
    this.pool = new SequencePool(Array.from({ length: sequences }, () => context.getSequence()));
    this.chatWrapper = lib.resolveChatWrapper(model);
    this.toolsUnsupported = toolsUnsupported(lib, this.chatWrapper, model, facts.file);
    this.facts = { ...facts, tools: this.toolsUnsupported === undefined };
  }

  async countPromptTokens(prompt: Prompt, tools?: readonly FunctionTool[]): Promise<number> {
    return this.promptTokens(prompt, tools).length;
  }

  async *generate(request: GenerationRequest): AsyncIterable<TokenPiece> {
    const sequence = await this.pool.acquire(request.signal);
    if (!sequence) return;
    try {
      if (request.maxTokens <= 0) {
        const tokens = this.promptTokens(request.prompt, request.tools);
        // A warm-up evaluates only what the sequence does not hold yet: say so, as a generation does.
        request.onPrompt?.({ tokens: tokens.length, cached: commonPrefix(sequence.contextTokens, tokens) });
        return void (await this.warm(sequence, tokens));
      }
      yield* this.stream(sequence, request);
    } finally {
      this.pool.release(sequence);
    }
  }

  private async *stream(sequence: LlamaContextSequence, request: GenerationRequest): AsyncGenerator<TokenPiece> {
    const stop = new AbortController();
    const signal = AbortSignal.any([request.signal, stop.signal]);
    const queue = new PieceQueue();
    const calls: PlannedCall[] = [];
    let pending = 0;
    let counted = 0;
    const completion = new this.lib.LlamaCompletion({ contextSequence: sequence });
    const { prompt } = request;
    const promptTokens = this.promptTokens(prompt, request.tools);
    // The answer stops where the context window ends (a length cut), rather than failing there.
    const maxTokens = Math.max(1, Math.min(request.maxTokens, this.context.contextSize - promptTokens.length));
    const options = {
      signal,
      stopOnAbortSignal: true,
      maxTokens,
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
    request.onPrompt?.({ tokens: promptTokens.length, cached: Math.min(commonPrefix(sequence.contextTokens, promptTokens), promptTokens.length - 1) });
    const run =
      prompt.kind === 'fim' && completion.infillSupported
        ? completion.generateInfillCompletionWithMeta((prompt.extra ? `${prompt.extra}\n` : '') + prompt.prefix, prompt.suffix, options)
        : prompt.kind === 'chat' && request.tools?.length
          ? this.chatWithFunctions(sequence, prompt, request.tools, options, calls)
          : prompt.kind === 'chat'
          ? this.chatCompletion(completion, prompt.instructions, prompt.messages, options)
          : prompt.kind === 'text'
            ? // Special tokens in a raw prompt are tokens, as llama.cpp's server reads them: a
              // fill-in-the-middle template rendered by the client reaches the model as such.
              completion.generateCompletionWithMeta(this.model.tokenize(prompt.text, true), options)
            : completion.generateCompletionWithMeta(prompt.prefix, options);
    const finished = run.then(
      (result) => {
        // Tokens held back as a possible stop trigger when the cap hits reach no callback;
        // the cap still counts them.
        const missing = result.metadata.stopReason === 'maxTokens' ? maxTokens - counted - pending : 0;
        if (pending + missing > 0) queue.push({ text: '', tokens: pending + missing });
        if (calls.length) queue.push({ text: '', tokens: 0, calls });
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
    options: CompletionOptions,
  ): Promise<LlamaCompletionResponse> {
    const state = this.chatWrapper.generateContextState({ chatHistory: llamaChatHistory(instructions, messages) });
    return completion.generateCompletionWithMeta(state.contextText, { ...options, customStopTriggers: state.stopGenerationTriggers });
  }

  /**
   * A chat turn that may call functions, through node-llama-cpp's function calling with the
   * model's own chat wrapper: the template documents the functions, and a grammar holds each
   * call's arguments to its schema. The text streams through `options`; the calls land in `calls`.
   */
  private async chatWithFunctions(
    sequence: LlamaContextSequence,
    prompt: Extract<Prompt, { kind: 'chat' }>,
    tools: readonly FunctionTool[],
    options: CompletionOptions,
    calls: PlannedCall[],
  ): Promise<{ metadata: { stopReason: string } }> {
    const chat = new this.lib.LlamaChat({ contextSequence: sequence, chatWrapper: this.chatWrapper });
    try {
      const result = await chat.generateResponse(llamaChatHistory(prompt.instructions, prompt.messages), {
        signal: options?.signal,
        stopOnAbortSignal: options?.stopOnAbortSignal,
        maxTokens: options?.maxTokens,
        repeatPenalty: options?.repeatPenalty,
        onToken: options?.onToken,
        onTextChunk: options?.onTextChunk,
        functions: chatFunctions(tools),
        documentFunctionParams: true,
      });
      for (const call of result.functionCalls ?? []) calls.push({ name: call.functionName, arguments: JSON.stringify(call.params ?? {}) });
      return result;
    } finally {
      chat.dispose({ disposeSequence: false });
    }
  }

  /** The tokens the library evaluates for `prompt` (what the cache comparison needs to match). */
  private promptTokens(prompt: Prompt, tools?: readonly FunctionTool[]): Token[] {
    const t = this.model.tokenizer;
    const { bos, shouldPrependBosToken } = this.model.tokens;
    const marks = (id: Token | null) => (id === null ? [] : [id]);
    const start = shouldPrependBosToken ? marks(bos) : [];
    switch (prompt.kind) {
      case 'chat':
        return this.chatWrapper
          .generateContextState({
            chatHistory: llamaChatHistory(prompt.instructions, prompt.messages),
            ...(tools?.length ? { availableFunctions: chatFunctions(tools), documentFunctionParams: true } : {}),
          })
          .contextText.tokenize(t);
      case 'fim': {
        const { prefix, suffix, middle } = this.model.tokens.infill;
        const head = (prompt.extra ? `${prompt.extra}\n` : '') + prompt.prefix;
        return [...start, ...marks(prefix), ...t(head, false, 'trimLeadingSpace'), ...marks(suffix), ...t(prompt.suffix, false, 'trimLeadingSpace'), ...marks(middle)];
      }
      case 'text':
        return [...start, ...this.model.tokenize(prompt.text, true)];
    }
  }

  /** Evaluates a prompt without generating, reusing whatever prefix the sequence already holds. */
  private async warm(sequence: LlamaContextSequence, tokens: Token[]): Promise<void> {
    const held = sequence.contextTokens;
    const common = commonPrefix(held, tokens);
    if (common < held.length) await sequence.eraseContextTokenRanges([{ start: common, end: held.length }]);
    if (common < tokens.length) await sequence.evaluateWithoutGeneratingNewTokens(tokens.slice(common));
  }

  async close(): Promise<void> {
    await this.context.dispose();
    await this.model.dispose();
    await this.llama.dispose();
  }
}

function commonPrefix(a: readonly Token[], b: readonly Token[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** A request's tools as node-llama-cpp's functions, their parameters as grammar schemas. */
function chatFunctions(tools: readonly FunctionTool[]): ChatModelFunctions {
  return Object.fromEntries(
    tools.map((t) => [t.name, { ...(t.description ? { description: t.description } : {}), ...(t.parameters ? { params: gbnfSchema(t.parameters) } : {}) }]),
  );
}

/**
 * Why the model cannot serve `tools`, or undefined when it can: its chat template must render
 * tools. A model without one (a completion model) or whose template ignores them would only
 * pretend to call functions.
 */
function toolsUnsupported(lib: Lib, wrapper: ChatWrapper, model: LlamaModel, file: string): string | undefined {
  const template = (model.fileInfo.metadata as { tokenizer?: { chat_template?: unknown } }).tokenizer?.chat_template;
  const rendersTools = typeof template === 'string' && /\btools\b/.test(template);
  if (rendersTools && (!(wrapper instanceof lib.JinjaTemplateChatWrapper) || wrapper.usingJinjaFunctionCallTemplate)) return undefined;
  const why = typeof template === 'string' ? 'its chat template does not support tools' : 'it has no chat template (a completion model)';
  return (
    `The model ${file} cannot call functions: ${why}. Serve an instruct model whose chat template supports tools, ` +
    'such as Qwen2.5-Coder Instruct, or send the request without tools.'
  );
}
