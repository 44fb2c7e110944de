import type { Engine } from '../engine/engine';
import type { ArmedFaults } from '../faults/faults';
import { producedTokens } from '../generation/producedTokens';
import type { Pacing } from '../servedModels';
import { BAD_UTF8_MARK, type EventWriter } from './eventWriter';
import { messageItem, newId, outputTextPart, responseObject, type Usage } from './responseObject';
import type { ResponseJob, ResponseOutcome } from './responseJob';

export interface RunDeps {
  engine: Engine;
  pacing: Pacing;
  maxTokens: number;
  faults: ArmedFaults;
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
    return { status, text: this.partial, incompleteReason };
  }

  private async stream(): Promise<ResponseOutcome> {
    const { shape, conversation } = this.job;
    const w = this.writer;
    const prompt = { kind: 'chat' as const, instructions: shape.instructions ?? undefined, messages: conversation };
    const inputTokens = await this.deps.engine.countPromptTokens(prompt);
    const ok = () => !w.ended && this.stopReason !== 'abandoned';
    if (!this.announced) await w.emit({ type: 'response.created', response: responseObject(shape, 'in_progress', []) });
    await w.emit({ type: 'response.in_progress', response: responseObject(shape, 'in_progress', []) });
    if (!this.job.generate) {
      const usage = { input_tokens: inputTokens, output_tokens: 0 };
      await w.emit({ type: 'response.completed', response: responseObject(shape, 'completed', [], { usage }) });
      return this.outcome(ok() ? 'completed' : 'abandoned');
    }
    const itemId = newId('msg');
    const at = { item_id: itemId, output_index: 0, content_index: 0 };
    await w.emit({ type: 'response.output_item.added', output_index: 0, item: messageItem(itemId, null, 'in_progress') });
    await w.emit({ type: 'response.content_part.added', ...at, part: outputTextPart('') });
    const maxTokens = Math.min(shape.maxOutputTokens ?? Infinity, this.deps.maxTokens);
    let outputTokens = 0;
    if (ok()) {
      for await (const token of producedTokens({
        engine: this.deps.engine,
        prompt,
        maxTokens,
        temperature: shape.temperature ?? undefined,
        pacing: this.deps.pacing,
        faults: this.deps.faults,
        signal: this.controller.signal,
      })) {
        outputTokens += token.tokens;
        if (!token.text && !token.badUtf8) continue;
        this.partial += token.text;
        const delta = token.badUtf8 ? token.text + BAD_UTF8_MARK : token.text;
        const event = { type: 'response.output_text.delta', ...at, delta, logprobs: [] };
        if (!(await w.emit(event, token.badUtf8))) break;
      }
    }
    if (!ok()) {
      this.controller.abort();
      return this.outcome('abandoned');
    }
    const reason =
      this.stopReason === 'steered' ? 'steered' : outputTokens >= maxTokens && !this.deps.faults.enormousOutput ? 'max_output_tokens' : undefined;
    const status = reason ? 'incomplete' : 'completed';
    const text = this.partial;
    const item = messageItem(itemId, text, status);
    const usage: Usage = { input_tokens: inputTokens, output_tokens: outputTokens };
    await w.emit({ type: 'response.output_text.done', ...at, text, logprobs: [] });
    await w.emit({ type: 'response.content_part.done', ...at, part: outputTextPart(text) });
    await w.emit({ type: 'response.output_item.done', output_index: 0, item });
    const response = responseObject(shape, status, [item], { usage, incompleteReason: reason });
    await w.emit({ type: `response.${status}`, response });
    return this.outcome(ok() ? status : 'abandoned', reason);
  }
}
