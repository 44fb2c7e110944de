import type { ChunkUsage, TextChunkSink } from '../../protocol/textChunkSink';
import { ModelError } from '../modelError';
import type { TokenStream } from '../tokenStream';

/**
 * Feeds HTTP chunks into a stream and ends it as soon as both the finish reason and the token
 * count are in (the text is complete then; waiting for the body's end costs a few more event
 * loop turns), else once the body ends.
 */
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
    this.settle();
  }

  usage(usage: ChunkUsage): void {
    this.reported = usage;
    this.settle();
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
    this.finishStream();
  }

  private settle(): void {
    if (this.reason !== undefined && this.reported !== undefined && !this.stream.finished) this.finishStream();
  }

  private finishStream(): void {
    this.stream.finish(this.reason === 'length' ? 'incomplete' : 'completed', { ...this.reported });
  }
}
