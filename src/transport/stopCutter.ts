/**
 * Cuts streamed text at the first stop sequence. A delta that ends with the beginning of a stop
 * sequence is held back until the next delta shows whether the sequence completes.
 */
export class StopCutter {
  private held = '';
  private readonly stops: string[];
  private readonly longest: number;
  stopped = false;

  constructor(stops: readonly string[]) {
    this.stops = stops.filter((s) => s.length > 0);
    this.longest = this.stops.reduce((n, s) => Math.max(n, s.length), 0);
  }

  get active(): boolean {
    return this.stops.length > 0;
  }

  /** Text that may be delivered now (possibly ''); sets `stopped` when a stop sequence appears. */
  push(delta: string): string {
    if (this.stopped) return '';
    const s = this.held + delta;
    let cut = -1;
    for (const stop of this.stops) {
      const i = s.indexOf(stop);
      if (i >= 0 && (cut < 0 || i < cut)) cut = i;
    }
    if (cut >= 0) {
      this.stopped = true;
      this.held = '';
      return s.slice(0, cut);
    }
    const keep = this.partialTail(s);
    this.held = keep ? s.slice(s.length - keep) : '';
    return keep ? s.slice(0, s.length - keep) : s;
  }

  /** What was held back, once the stream ends without completing a stop sequence. */
  flush(): string {
    const h = this.held;
    this.held = '';
    return h;
  }

  /** Length of the longest tail of `s` that starts some stop sequence. */
  private partialTail(s: string): number {
    for (let k = Math.min(this.longest - 1, s.length); k > 0; k--) {
      const tail = s.slice(s.length - k);
      if (this.stops.some((stop) => stop.startsWith(tail))) return k;
    }
    return 0;
  }
}
