const FENCE = /^\s*(```|~~~)/;
const CLOSING_FENCE = /^\s*(```|~~~)\s*$/;

/**
 * Drops Markdown fences the model wraps around code despite being told not to, line by line
 * as they stream. An opening fence on the first line is dropped and everything from its
 * closing fence on (commentary) is ignored. A bare fence line without an opening one is held
 * back until the next line shows it was content. Regions that themselves start with a fence
 * (Markdown files) are left alone.
 */
export class FenceFilter {
  private first = true;
  private fenced = false;
  private closed = false;
  private held: string | null = null;

  constructor(private readonly originalStartsWithFence: boolean) {}

  /** Lines to keep, in order, for one complete input line. */
  push(line: string): string[] {
    if (this.closed) return [];
    if (this.first) {
      this.first = false;
      if (!this.originalStartsWithFence && FENCE.test(line)) {
        this.fenced = true;
        return [];
      }
    }
    if (this.originalStartsWithFence) return [line];
    if (CLOSING_FENCE.test(line)) {
      if (this.fenced) {
        this.closed = true;
        return [];
      }
      const out = this.held === null ? [] : [this.held];
      this.held = line;
      return out;
    }
    if (this.held !== null) {
      const out = [this.held, line];
      this.held = null;
      return out;
    }
    return [line];
  }

  /** Whether an unfinished line may be shown yet: never a possible fence, nothing after the end. */
  showsPartial(partial: string): boolean {
    if (this.closed || this.held !== null) return false;
    if (this.originalStartsWithFence) return true;
    return !/^\s*[`~]/.test(partial);
  }

  /** Whether the output ended (closing fence seen): the rest of the stream is commentary. */
  get ended(): boolean {
    return this.closed;
  }
}

/**
 * The code inside a complete reply: the first fenced block when the reply opens one within
 * its first lines (short prose before a closed block is commentary), else the reply minus a
 * stray closing fence at its end.
 */
export function stripFences(lines: readonly string[], originalStartsWithFence: boolean): string[] {
  if (originalStartsWithFence) return [...lines];
  const open = lines.findIndex((l) => FENCE.test(l));
  if (open >= 0 && open <= 2) {
    const close = lines.findIndex((l, i) => i > open && CLOSING_FENCE.test(l));
    // After a line or two of anything, a fence with nothing closing it is a stray closing fence.
    if (open === 0 || close > 0) return lines.slice(open + 1, close < 0 ? lines.length : close);
  }
  let end = lines.length;
  while (end > 0 && lines[end - 1].trim() === '') end--;
  return end > 0 && CLOSING_FENCE.test(lines[end - 1]) ? lines.slice(0, end - 1) : [...lines];
}
