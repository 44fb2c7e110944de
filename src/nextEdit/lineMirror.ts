/** A change as the editor reports it: a range of the text before the change, and its new text. */
export interface LineChange {
  startLine: number;
  startCharacter: number;
  endLine: number;
  endCharacter: number;
  text: string;
}

/** Whole lines before and after one change, starting at `startLine`. */
export interface LineHunk {
  startLine: number;
  removed: string[];
  added: string[];
}

/**
 * A copy of a document's lines, kept in step with its changes, because the editor reports what
 * was inserted but not what was removed, and the edit history needs both.
 */
export class LineMirror {
  private readonly lines: string[];

  constructor(text: string) {
    this.lines = text.split(/\r?\n/);
  }

  get lineCount(): number {
    return this.lines.length;
  }

  /** Applies one change and returns the lines it touched, before and after. */
  apply(change: LineChange): LineHunk {
    const last = this.lines.length - 1;
    const startLine = Math.min(change.startLine, last);
    const endLine = Math.min(Math.max(change.endLine, startLine), last);
    const removed = this.lines.slice(startLine, endLine + 1);
    const head = removed[0].slice(0, change.startCharacter);
    const tail = removed[removed.length - 1].slice(change.endCharacter);
    const added = `${head}${change.text}${tail}`.split(/\r?\n/);
    this.lines.splice(startLine, removed.length, ...added);
    return { startLine, removed, added };
  }
}
