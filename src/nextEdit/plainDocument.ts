import type { NextEditDocument } from './nextEditEngine';
import type { TextPosition } from './predictedEdit';
import type { OffsetChange } from './typeThrough';

/**
 * A document held as plain text with a cursor, for replaying recorded edit sequences outside
 * the editor (the benchmark, tests). Offsets and positions count `\n` as one character, as the
 * editor does for LF documents.
 */
export class PlainDocument implements NextEditDocument {
  version = 1;
  private lines: string[];
  private caret: TextPosition = { line: 0, character: 0 };

  constructor(
    private text: string,
    readonly path = 'src/file.ts',
    readonly languageId = 'typescript',
  ) {
    this.lines = text.split('\n');
  }

  get key(): string {
    return this.path;
  }

  get lineCount(): number {
    return this.lines.length;
  }

  getText(): string {
    return this.text;
  }

  lineAt(line: number): string {
    return this.lines[line];
  }

  offsetAt(p: TextPosition): number {
    let o = 0;
    for (let i = 0; i < p.line; i++) o += this.lines[i].length + 1;
    return o + p.character;
  }

  positionAt(offset: number): TextPosition {
    let line = 0;
    while (line < this.lines.length - 1 && offset > this.lines[line].length) {
      offset -= this.lines[line].length + 1;
      line++;
    }
    return { line, character: Math.min(offset, this.lines[line].length) };
  }

  cursor(): TextPosition {
    return this.caret;
  }

  moveCursor(p: TextPosition): void {
    this.caret = p;
  }

  /** Applies a change and leaves the cursor after its text, as typing does. */
  apply(change: OffsetChange): void {
    this.text = this.text.slice(0, change.offset) + change.text + this.text.slice(change.offset + change.length);
    this.lines = this.text.split('\n');
    this.version++;
    this.caret = this.positionAt(change.offset + change.text.length);
  }
}
