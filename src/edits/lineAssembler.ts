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
      const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      lines.push(text.slice(start, end));
      start = nl + 1;
    }
    this.pending = text.slice(start);
    return lines;
  }

  /** The unfinished last line, without a trailing "\r" that may yet become "\r\n". */
  get partial(): string {
    return this.pending.endsWith('\r') ? this.pending.slice(0, -1) : this.pending;
  }
}
