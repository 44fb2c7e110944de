/** One finished text generation, as the endpoint measured it. */
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
}

/** The latest requests (bounded), for the test controls and benchmarks (GET /__admin/requests). */
export class RequestRecords {
  private readonly items: RequestRecord[] = [];

  constructor(private readonly capacity = 500) {}

  add(record: RequestRecord): void {
    this.items.push(record);
    if (this.items.length > this.capacity) this.items.shift();
  }

  list(): RequestRecord[] {
    return [...this.items];
  }

  clear(): void {
    this.items.length = 0;
  }
}
