import type { PreviewView } from './previewLayout';
import type { RowEdit } from './rowEdit';

/**
 * The document side of a pending edit. In the editor: a TextEditor plus decorations; in tests
 * and benchmarks: an in-memory document. Rows here are document lines.
 */
export interface EditSink {
  /**
   * Applies a batch. 'preview' batches of one edit form a single undo step together with its
   * 'accept' batch, so one undo after accepting restores the original. `applied` is called as
   * soon as the change is in the document (before the promise settles, when the editor reports
   * it earlier). Resolves false when the editor refused for now (the document changed
   * meanwhile, or no editor shows it); rejects with DocumentReadOnlyError when it never will.
   * `show` is what the region shows once the batch is in: the sink draws it together with the
   * batch, so that the editor renders both in one frame (not the batch, then its looks).
   */
  apply(edits: RowEdit[], step: 'preview' | 'accept', applied: () => void, show?: Shown): Promise<boolean>;
  /**
   * Puts the original back. With `viaUndo` the pending edit is the newest undo step and nothing
   * else touched the document, so undoing it restores every byte and leaves no undo entry;
   * otherwise the `edits` are applied.
   */
  restore(edits: RowEdit[], viaUndo: boolean, applied: () => void): Promise<boolean>;
  /** Shows the pending rows (null: nothing pending any more). */
  render(view: PreviewView | null, startLine: number): void;
}

/** The pending rows as drawn, from document line `startLine`. */
export interface Shown {
  view: PreviewView;
  startLine: number;
}

/** The editor will not change the document at all (it is read-only): retrying is pointless. */
export class DocumentReadOnlyError extends Error {
  constructor(name: string) {
    super(`${name} is read-only in the editor; the edit was stopped`);
    this.name = 'DocumentReadOnlyError';
  }
}
