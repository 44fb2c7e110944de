import type { EditSink, Shown } from '../src/edits/editSink';
import type { PreviewView } from '../src/edits/previewLayout';
import type { RowEdit } from '../src/edits/rowEdit';
import { toTextReplace } from '../src/edits/textReplace';

/**
 * An in-memory document behind the EditSink contract that counts the updates the editor would
 * receive. Undo restores the text from before the first batch of the edit.
 */
export class CountingDocument implements EditSink {
  lines: string[];
  applyCalls = 0;
  renderCalls = 0;
  private beforeEdit: string[] | undefined;

  constructor(text: string) {
    this.lines = text.split('\n');
  }

  get text(): string {
    return this.lines.join('\n');
  }

  async apply(edits: RowEdit[], _step: 'preview' | 'accept', applied: () => void, show?: Shown): Promise<boolean> {
    if (show) this.render(show.view, show.startLine);
    this.beforeEdit ??= [...this.lines];
    this.replaceAll(edits);
    this.applyCalls++;
    applied();
    return true;
  }

  async restore(edits: RowEdit[], viaUndo: boolean, applied: () => void): Promise<boolean> {
    if (viaUndo && this.beforeEdit) this.lines = this.beforeEdit;
    else this.replaceAll(edits);
    this.beforeEdit = undefined;
    applied();
    return true;
  }

  render(_view: PreviewView | null, _startLine: number): void {
    this.renderCalls++;
  }

  private replaceAll(edits: RowEdit[]): void {
    const shape = { lineCount: this.lines.length, lineLength: (l: number) => this.lines[l].length, eol: '\n' as const };
    for (const r of edits.map((e) => toTextReplace(e, shape)).reverse()) {
      const merged = this.lines[r.startLine].slice(0, r.startCharacter) + r.text + this.lines[r.endLine].slice(r.endCharacter);
      this.lines.splice(r.startLine, r.endLine - r.startLine + 1, ...merged.split('\n'));
    }
  }
}
