/**
 * Cuts streamed text at the first stop sequence, holding back any tail that could still
 * become one so no part of a stop sequence is ever emitted.
 */
export class StopMatcher {
  private pending = '';
  private hit: string | undefined;

  constructor(private readonly stops: readonly string[]) {}

  /** The stop sequence that ended the text, if any. */
  get stoppedBy(): string | undefined {
    return this.hit;
  }

  /** Feeds text; returns what may be emitted now. */
  push(text: string): string {
    if (this.hit !== undefined) return '';
    if (!this.stops.length) return text;
    this.pending += text;
    let cut = -1;
    for (const stop of this.stops) {
      const at = this.pending.indexOf(stop);
      if (at >= 0 && (cut < 0 || at < cut)) {
        cut = at;
        this.hit = stop;
      }
    }
    if (cut >= 0) {
      const out = this.pending.slice(0, cut);
      this.pending = '';
      return out;
    }
    const keep = this.heldBack();
    const out = this.pending.slice(0, this.pending.length - keep);
    this.pending = this.pending.slice(this.pending.length - keep);
    return out;
  }

  /** Text held back at the end of the stream. */
  flush(): string {
    const out = this.hit === undefined ? this.pending : '';
    this.pending = '';
    return out;
  }

  private heldBack(): number {
    let keep = 0;
    for (const stop of this.stops) {
      for (let n = Math.min(stop.length - 1, this.pending.length); n > keep; n--) {
        if (this.pending.endsWith(stop.slice(0, n))) {
          keep = n;
          break;
        }
      }
    }
    return keep;
  }
}
