import type { Engine, FunctionCall, PlannedCall, Prompt } from '../engine/engine';
import { contextLengthExceeded } from '../dialect/contextLengthExceeded';
import { splitIntoTokens } from '../engine/splitIntoTokens';
import type { ArmedFaults } from '../faults/faults';
import { producedTokens } from '../generation/producedTokens';
import type { Pacing } from '../servedModels';
import { BAD_UTF8_MARK, type EventWriter } from './eventWriter';
import { functionCallItem, messageItem, newId, outputTextPart, responseObject, type Usage } from './responseObject';
import type { ResponseJob, ResponseOutcome } from './responseJob';

export interface RunDeps {
  engine: Engine;
  pacing: Pacing;
  maxTokens: number;
  faults: ArmedFaults;
  /** The model's context window, checked when a real model serves the response (its engine could only fail past it). */
  contextTokens?: number;
}

/**
 * Streams one response as Responses API events. `steer()` ends it `incomplete` (reason
 * `steered`) at once; `abandon()` stops it silently (the peer is gone).
 */
export class ResponseRun {
  private readonly controller = new AbortController();
  private stopReason: 'steered' | 'abandoned' | null = null;
  private announced = false;
  private partial = '';
  private readonly calls: FunctionCall[] = [];

  constructor(
    readonly job: ResponseJob,
    private readonly deps: RunDeps,
    private readonly writer: EventWriter,
  ) {}

  get id(): string {
    return this.job.shape.id;
  }

  /** Text produced so far (what a steered successor continues from). */
  get text(): string {
    return this.partial;
  }

  steer(): void {
    this.stop('steered');
  }

  abandon(): void {
    this.stop('abandoned');
  }

  private stop(reason: 'steered' | 'abandoned'): void {
    this.stopReason ??= reason;
    this.controller.abort();
  }

  /** Tells the client the response waits for a free slot (`response.queued`). */
  async announceQueued(): Promise<void> {
    this.announced = true;
    await this.writer.emit({ type: 'response.created', response: responseObject(this.job.shape, 'queued', []) });
    await this.writer.emit({ type: 'response.queued', response: responseObject(this.job.shape, 'queued', []) });
  }

  async run(): Promise<ResponseOutcome> {
    try {
      return await this.stream();
    } catch (err) {
      if (this.stopReason === 'abandoned' || this.writer.ended) return this.outcome('abandoned');
      const error = { code: 'server_error', message: `Generation failed: ${(err as Error).message}` };
      await this.writer.emit({ type: 'response.failed', response: responseObject(this.job.shape, 'failed', [], { error }) });
      return this.outcome('failed');
    }
  }

  private outcome(status: ResponseOutcome['status'], incompleteReason?: string): ResponseOutcome {
    return { status, text: this.partial, calls: this.calls, incompleteReason };
  }

  private async stream(): Promise<ResponseOutcome> {
    const { shape, conversation } = this.job;
    const w = this.writer;
    const prompt = { kind: 'chat' as const, instructions: shape.instructions ?? undefined, messages: conversation };
    const inputTokens = await this.deps.engine.countPromptTokens(prompt, this.job.tools);
    const ok = () => !w.ended && this.stopReason !== 'abandoned';
    if (this.deps.contextTokens !== undefined && inputTokens > this.deps.contextTokens) {
      await w.emit(contextLengthExceeded('input', inputTokens, this.deps.contextTokens).event(this.job.streamId));
      return this.outcome('failed');
    }
    if (!this.announced) await w.emit({ type: 'response.created', response: responseObject(shape, 'in_progress', []) });
    await w.emit({ type: 'response.in_progress', response: responseObject(shape, 'in_progress', []) });
    if (!this.job.generate) {
      const usage = { input_tokens: inputTokens, output_tokens: 0 };
      await w.emit({ type: 'response.completed', response: responseObject(shape, 'completed', [], { usage }) });
      return this.outcome(ok() ? 'completed' : 'abandoned');
    }
    const message = new MessageItem(w);
    const maxTokens = Math.min(shape.maxOutputTokens ?? Infinity, this.deps.maxTokens);
    const planned: PlannedCall[] = [];
    let outputTokens = ok() ? await this.streamText(message, prompt, maxTokens, planned) : 0;
    if (!ok()) {
      this.controller.abort();
      return this.outcome('abandoned');
    }
    // A real model's answer also stops where its context window ends.
    const windowFull = this.deps.contextTokens !== undefined && inputTokens + outputTokens >= this.deps.contextTokens;
    const cut = this.stopReason === 'steered' ? 'steered' : (outputTokens >= maxTokens || windowFull) && !this.deps.faults.enormousOutput ? 'max_output_tokens' : undefined;
    const output: unknown[] = [];
    // A response that only calls functions has no message item; one that says nothing at all has an empty one.
    if (message.opened || !planned.length) output.push(await message.close(this.partial, cut ? 'incomplete' : 'completed'));
    for (const call of cut ? [] : planned) {
      const done = await this.streamCall(call, output.length, maxTokens - outputTokens);
      outputTokens += done.tokens;
      if (!ok()) return this.outcome('abandoned');
      output.push(done.item);
      if (done.cut) return this.finish(output, inputTokens, outputTokens, 'max_output_tokens');
    }
    return this.finish(output, inputTokens, outputTokens, cut);
  }

  private async finish(output: unknown[], inputTokens: number, outputTokens: number, reason: string | undefined): Promise<ResponseOutcome> {
    const status = reason ? 'incomplete' : 'completed';
    const usage: Usage = { input_tokens: inputTokens, output_tokens: outputTokens };
    const response = responseObject(this.job.shape, status, output, { usage, incompleteReason: reason });
    await this.writer.emit({ type: `response.${status}`, response });
    return this.outcome(!this.writer.ended && this.stopReason !== 'abandoned' ? status : 'abandoned', reason);
  }

  /**
   * Streams the text into the message item (opened on its first piece) and collects the calls
   * the model makes after it into `calls`; returns the tokens produced.
   */
  private async streamText(message: MessageItem, prompt: Prompt, maxTokens: number, calls: PlannedCall[]): Promise<number> {
    let outputTokens = 0;
    for await (const token of producedTokens({
      engine: this.deps.engine,
      prompt,
      maxTokens,
      temperature: this.job.shape.temperature ?? undefined,
      pacing: this.deps.pacing,
      faults: this.deps.faults,
      signal: this.controller.signal,
      tools: this.job.tools.length ? this.job.tools : undefined,
    })) {
      outputTokens += token.tokens;
      if (token.calls) calls.push(...token.calls);
      if (!token.text && !token.badUtf8) continue;
      if (!message.opened) await message.open();
      this.partial += token.text;
      const delta = token.badUtf8 ? token.text + BAD_UTF8_MARK : token.text;
      const event = { type: 'response.output_text.delta', ...message.at, delta, logprobs: [] };
      if (!(await this.writer.emit(event, token.badUtf8))) break;
    }
    return outputTokens;
  }

  /** One `function_call` item: added, its arguments in pieces, done; cut short past `room` tokens. */
  private async streamCall(planned: PlannedCall, index: number, room: number) {
    const w = this.writer;
    const id = newId('fc');
    const call: FunctionCall = { callId: newId('call'), name: planned.name, arguments: '' };
    await w.emit({ type: 'response.output_item.added', output_index: index, item: functionCallItem(id, call, 'in_progress') });
    const pieces = splitIntoTokens(planned.arguments);
    const cut = pieces.length > room;
    for (const delta of cut ? pieces.slice(0, Math.max(0, room)) : pieces) {
      if (this.controller.signal.aborted || !(await w.emit({ type: 'response.function_call_arguments.delta', item_id: id, output_index: index, delta }))) break;
      call.arguments += delta;
    }
    const status = cut ? 'incomplete' : 'completed';
    if (!cut) {
      await w.emit({ type: 'response.function_call_arguments.done', item_id: id, output_index: index, name: call.name, arguments: call.arguments });
      this.calls.push(call);
    }
    const item = functionCallItem(id, call, status);
    await w.emit({ type: 'response.output_item.done', output_index: index, item });
    return { item, tokens: Math.min(pieces.length, Math.max(0, room)), cut };
  }
}

/** The assistant message item at output index 0, announced when its first text arrives. */
class MessageItem {
  readonly at = { item_id: newId('msg'), output_index: 0, content_index: 0 };
  opened = false;

  constructor(private readonly w: EventWriter) {}

  async open(): Promise<void> {
    this.opened = true;
    await this.w.emit({ type: 'response.output_item.added', output_index: 0, item: messageItem(this.at.item_id, null, 'in_progress') });
    await this.w.emit({ type: 'response.content_part.added', ...this.at, part: outputTextPart('') });
  }

  async close(text: string, status: 'completed' | 'incomplete') {
    if (!this.opened) await this.open();
    const item = messageItem(this.at.item_id, text, status);
    await this.w.emit({ type: 'response.output_text.done', ...this.at, text, logprobs: [] });
    await this.w.emit({ type: 'response.content_part.done', ...this.at, part: outputTextPart(text) });
    await this.w.emit({ type: 'response.output_item.done', output_index: 0, item });
    return item;
  }
}
