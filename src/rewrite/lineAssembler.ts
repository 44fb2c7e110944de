/**
 * Cuts streamed text deltas into complete lines. "\r\n" split across two deltas still counts
 * as one line break; the line-ending style of the result is the document's, not the model's.
 */
export class LineAssembler {
  private pending = '';

  /** Complete lines finished by this delta (without their line breaks). */
  push(delta: string): string[] {
    const text = this.pending + delta;
    const lines: string[] = [];
    let start = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      lines.push(withoutCarriageReturns(text.slice(start, nl)));
      start = nl + 1;
    }
    this.pending = text.slice(start);
    return lines;
  }

  /** The unfinished last line (without "\r": see withoutCarriageReturns). */
  get partial(): string {
    return withoutCarriageReturns(this.pending);
  }
}

/** The editor takes a lone "\r" for a line break; inside a line it would split one row into two. */
function withoutCarriageReturns(line: string): string {
  return line.includes('\r') ? line.replace(/\r/g, '') : line;
}
