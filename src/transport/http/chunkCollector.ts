import type { ChunkUsage, TextChunkSink } from '../../protocol/textChunkSink';
import { ModelError } from '../modelError';
import type { TokenStream } from '../tokenStream';

/** Feeds HTTP chunks into a stream and ends it once the body ends. */
export class ChunkCollector implements TextChunkSink {
  private reason: string | undefined;
  private reported: ChunkUsage | undefined;

  constructor(
    private readonly stream: TokenStream,
    private readonly endpoint: string,
  ) {}

  delta(text: string): void {
    this.stream.push(text);
  }

  finish(reason: string): void {
    this.reason = reason;
  }

  usage(usage: ChunkUsage): void {
    this.reported = usage;
  }

  malformed(reason: string): void {
    this.stream.abandon(new ModelError('protocol', `${this.endpoint} sent a malformed event: ${reason}.`));
  }

  /** The body ended: a response without a finish reason was cut short. */
  end(): void {
    if (this.stream.finished) return;
    if (this.reason === undefined) {
      this.stream.fail(new ModelError('network', `The stream from ${this.endpoint} ended before the response was complete.`));
      return;
    }
    this.stream.finish(this.reason === 'length' ? 'incomplete' : 'completed', { ...this.reported });
  }
}
