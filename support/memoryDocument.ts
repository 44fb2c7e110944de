import { DocumentReadOnlyError, type EditSink, type Shown } from '../src/edits/editSink';
import type { PreviewView } from '../src/edits/previewLayout';
import type { LineChange } from '../src/edits/regionChange';
import type { RowEdit } from '../src/edits/rowEdit';
import { toTextReplace, type TextReplace } from '../src/edits/textReplace';

/**
 * An in-memory document behind the EditSink contract, with the editor's undo behaviour in
 * small: 'preview' batches and the 'accept' batch of one edit share one undo step, an outside
 * change closes the step. Counts updates the way the editor would receive them.
 */
export class MemoryDocument implements EditSink {
  lines: string[];
  readonly undoStack: string[] = [];
  applyCalls = 0;
  renderCalls = 0;
  view: PreviewView | null = null;
  viewStart = 0;
  /** When set, every apply takes a turn of the event loop, like the editor's round trip. */
  slow = false;
  /** When set, every apply fails for good, as in a read-only editor. */
  readOnly = false;
  /** When set, the next apply is refused (the document changed under the edit). */
  refuseNext = false;
  restoredViaUndo = false;
  /** Called with each applied batch (benchmarks time the final one). */
  onApply: (edits: RowEdit[], step: string) => void = () => {};
  private groupOpen = false;

  constructor(text: string, readonly eol: '\n' | '\r\n' = text.includes('\r\n') ? '\r\n' : '\n') {
    this.lines = text.split(eol);
  }

  get text(): string {
    return this.lines.join(this.eol);
  }

  async apply(edits: RowEdit[], step: 'preview' | 'accept', applied: () => void, show?: Shown): Promise<boolean> {
    // Drawn at once, as the editor's sink does: the looks go out with the batch.
    if (show) this.render(show.view, show.startLine);
    if (this.slow) await new Promise((r) => setImmediate(r));
    if (this.readOnly) throw new DocumentReadOnlyError('memory.ts');
    if (this.refuseNext) {
      this.refuseNext = false;
      return false;
    }
    if (!this.groupOpen) this.undoStack.push(this.text);
    this.groupOpen = step === 'preview';
    this.replaceAll(edits);
    this.applyCalls++;
    applied();
    this.onApply(edits, step);
    return true;
  }

  async restore(edits: RowEdit[], viaUndo: boolean, applied: () => void): Promise<boolean> {
    if (this.refuseNext) {
      this.refuseNext = false;
      return false;
    }
    this.restoredViaUndo = viaUndo;
    if (viaUndo) {
      this.lines = this.undoStack.pop()!.split(this.eol);
      this.groupOpen = false;
    } else {
      this.replaceAll(edits);
    }
    applied();
    return true;
  }

  render(view: PreviewView | null, startLine: number): void {
    this.renderCalls++;
    this.view = view;
    this.viewStart = startLine;
  }

  /** A change made by the user; returns it as the editor reports it. */
  userEdit(change: LineChange): LineChange {
    this.groupOpen = false;
    this.replace(change);
    return change;
  }

  /** Undo of the newest step, as the user's Ctrl+Z. */
  undo(): void {
    const before = this.undoStack.pop();
    if (before !== undefined) this.lines = before.split(this.eol);
    this.groupOpen = false;
  }

  private replaceAll(edits: RowEdit[]): void {
    const shape = { lineCount: this.lines.length, lineLength: (l: number) => this.lines[l].length, eol: this.eol };
    const replaces = edits.map((e) => toTextReplace(e, shape));
    for (const r of replaces.reverse()) this.replace(r);
  }

  private replace(r: TextReplace): void {
    const merged = this.lines[r.startLine].slice(0, r.startCharacter) + r.text + this.lines[r.endLine].slice(r.endCharacter);
    this.lines.splice(r.startLine, r.endLine - r.startLine + 1, ...merged.split(this.eol));
  }
}
