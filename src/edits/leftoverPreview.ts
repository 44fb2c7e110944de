import { lineBreaks, spliceChange, type LineChange } from './regionChange';
import { deleteSpans, type RowEdit } from './rowEdit';
import type { PreviewKind } from './previewLayout';

/**
 * Preview lines still in the document after an edit was cancelled by a change to its region,
 * followed through the changes that keep coming (the user is typing) until they are removed.
 * Lines a change touched are the user's now and stay.
 */
export class LeftoverPreview {
  private kinds: (PreviewKind | 'user')[];

  constructor(
    private startLine: number,
    kinds: readonly PreviewKind[],
  ) {
    this.kinds = [...kinds];
  }

  track(change: LineChange): void {
    if (change.endLine < this.startLine) {
      this.startLine += lineBreaks(change.text) - (change.endLine - change.startLine);
      return;
    }
    if (change.startLine > this.startLine + this.kinds.length - 1) return;
    ({ startLine: this.startLine, kinds: this.kinds } = spliceChange(this.startLine, this.kinds, change, 'user'));
  }

  /** Deletions of the intact preview lines, as document lines. */
  deletions(): RowEdit[] {
    return deleteSpans(this.kinds.flatMap((k, i) => (k === 'added' || k === 'partial' ? [{ start: this.startLine + i, count: 1 }] : [])));
  }
}
