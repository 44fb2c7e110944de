import { silentLogger, type Logger } from '../src/log/logger';

export type CompletionRequestKind = 'keystroke' | 'speculative' | 'alternative' | 'prefetch';

/**
 * The ghost-text engine's log, read for the requests it starts: it writes one trace line per
 * request ("completion #7 line speculative: ~512 tokens, 2 snippets"). Tests and benchmarks
 * count requests by kind from it, as a reader of Flint's output channel would.
 */
export class CompletionRequestLog implements Logger {
  readonly requests: { id: number; kind: CompletionRequestKind }[] = [];

  constructor(private readonly next: Logger = silentLogger) {}

  count(kind?: CompletionRequestKind): number {
    return kind === undefined ? this.requests.length : this.requests.filter((r) => r.kind === kind).length;
  }

  trace(message: string, ...args: unknown[]): void {
    const m = /^completion #(\d+) \S+(?: (speculative|alternative|prefetch))?(?: t=\S+)?: /.exec(message);
    if (m) this.requests.push({ id: Number(m[1]), kind: (m[2] as CompletionRequestKind | undefined) ?? 'keystroke' });
    this.next.trace(message, ...args);
  }

  debug(message: string, ...args: unknown[]): void {
    this.next.debug(message, ...args);
  }

  info(message: string, ...args: unknown[]): void {
    this.next.info(message, ...args);
  }

  warn(message: string, ...args: unknown[]): void {
    this.next.warn(message, ...args);
  }

  error(message: string | Error, ...args: unknown[]): void {
    this.next.error(message, ...args);
  }
}
