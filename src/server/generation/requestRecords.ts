/** One text generation, as the endpoint measured it: listed from its start, completed at its end. */
export interface RequestRecord {
  /** Which route asked: infill, completions or chat. */
  route: string;
  promptTokens: number;
  /** Prompt tokens reused from an earlier request's evaluation (the rest were evaluated). */
  cachedTokens: number;
  outputTokens: number;
  /** Request start to the first generated token (mostly prompt evaluation), ms. */
  firstTokenMs: number;
  elapsedMs: number;
  /** Generated tokens per second after the first one; undefined under two tokens. */
  tokensPerSecond?: number;
  /** The client left (or a fault ended the stream) before the end. */
  abandoned: boolean;
  /** False while it generates (the figures after the prompt are then zero). */
  done: boolean;
}

/** The latest requests (bounded), for the test controls and benchmarks (GET /__admin/requests). */
export class RequestRecords {
  private readonly items: RequestRecord[] = [];

  constructor(private readonly capacity = 500) {}

  /** Lists a generation as its prompt is evaluated; the returned record is completed with `finish`. */
  start(route: string, promptTokens: number, cachedTokens: number): RequestRecord {
    const record: RequestRecord = { route, promptTokens, cachedTokens, outputTokens: 0, firstTokenMs: 0, elapsedMs: 0, abandoned: false, done: false };
    this.items.push(record);
    if (this.items.length > this.capacity) this.items.shift();
    return record;
  }

  finish(record: RequestRecord, figures: Pick<RequestRecord, 'outputTokens' | 'firstTokenMs' | 'elapsedMs' | 'tokensPerSecond' | 'abandoned'>): void {
    Object.assign(record, figures, { done: true });
  }

  list(): RequestRecord[] {
    return this.items.map((r) => ({ ...r }));
  }

  clear(): void {
    this.items.length = 0;
  }
}
