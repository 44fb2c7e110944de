import type { EditSink } from './editSink';
import { PreviewLayout, type LayoutPlan } from './previewLayout';
import { shiftEdits, type RowEdit } from './rowEdit';

/**
 * Writes a pending edit into the document through its sink. One document change at a time
 * (a queue, so stop, redirect, accept and reject never race a frame being applied); the
 * layout follows only what the editor confirmed; drawing happens only when something changed.
 */
export class PreviewWriter {
  readonly layout: PreviewLayout;
  /** Some preview change has reached the document. */
  appliedAny = false;
  private queue: Promise<unknown> = Promise.resolve();
  private drawn = '';

  constructor(
    original: readonly string[],
    /** Document line of the region's first row (moved by changes above it). */
    public startLine: number,
    private readonly sink: EditSink,
  ) {
    this.layout = new PreviewLayout(original);
  }

  /** Runs `fn` after every document change queued before it. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Applies a plan as part of the preview (one undo step), drawn with it; false when the editor
   * refused it.
   */
  async write(plan: LayoutPlan): Promise<boolean> {
    if (plan.edits.length === 0) {
      plan.commit();
      return true;
    }
    let done = false;
    const commit = () => {
      if (done) return;
      done = true;
      plan.commit();
      this.appliedAny = true;
    };
    const startLine = this.startLine;
    if (await this.sink.apply(shiftEdits(plan.edits, startLine), 'preview', commit, { view: plan.view, startLine })) commit();
    // Drawn with the batch; a refused batch left the looks of one that is not there: draw again.
    this.drawn = done ? this.key(startLine) : '';
    return done;
  }

  /** Keeps the rewrite: removes the removed rows and closes the undo step. */
  async accept(): Promise<boolean> {
    const edits = shiftEdits(this.layout.planAccept(), this.startLine);
    return edits.length === 0 || this.sink.apply(edits, 'accept', () => {});
  }

  /** Takes the preview out of the document (see EditSink.restore for `viaUndo`). */
  async restore(viaUndo: boolean): Promise<boolean> {
    if (!this.appliedAny) return true;
    const plan = this.layout.planRestore();
    let done = false;
    const commit = () => {
      if (!done) plan.commit();
      done = true;
    };
    if (await this.sink.restore(shiftEdits(plan.edits, this.startLine), viaUndo, commit)) commit();
    return done;
  }

  /** Deletes document lines outside the layout's bookkeeping (what a cancel left behind). */
  removeLines(edits: RowEdit[], applied: () => void): Promise<boolean> {
    return this.sink.restore(edits, false, applied);
  }

  /** Draws the pending rows when they or their position changed (or when forced). */
  draw(force = false): void {
    const key = this.key(this.startLine);
    if (!force && key === this.drawn) return;
    this.drawn = key;
    this.sink.render(this.layout.view(), this.startLine);
  }

  /** What was drawn: the layout's version at a position. */
  private key(startLine: number): string {
    return `${this.layout.version}@${startLine}`;
  }

  /** Nothing is pending any more. */
  clear(): void {
    this.sink.render(null, this.startLine);
  }
}
