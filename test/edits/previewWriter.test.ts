import { describe, expect, it } from 'vitest';
import type { EditSink, Shown } from '../../src/edits/editSink';
import type { PreviewView } from '../../src/edits/previewLayout';
import { PreviewWriter } from '../../src/edits/previewWriter';
import type { DiffRow } from '../../src/rewrite/diffRow';

const same = (text: string): DiffRow => ({ kind: 'same', text });
const added = (text: string): DiffRow => ({ kind: 'added', text });

/** Records what the writer asks of its sink; refuses batches while `refuse` is set. */
class RecordingSink implements EditSink {
  refuse = false;
  readonly shownWithBatch: (Shown | undefined)[] = [];
  readonly renders: { view: PreviewView | null; startLine: number }[] = [];

  async apply(_edits: unknown, _step: unknown, applied: () => void, show?: Shown): Promise<boolean> {
    this.shownWithBatch.push(show);
    if (this.refuse) return false;
    applied();
    return true;
  }
  async restore(_edits: unknown, _viaUndo: boolean, applied: () => void): Promise<boolean> {
    applied();
    return true;
  }
  render(view: PreviewView | null, startLine: number): void {
    this.renders.push({ view, startLine });
  }
}

describe('PreviewWriter', () => {
  it('hands the sink the looks of a batch with the batch, and does not draw them again', async () => {
    const sink = new RecordingSink();
    const writer = new PreviewWriter(['a', 'b'], 10, sink);
    const plan = writer.layout.planAdvance([same('a'), added('x')], 1, 'y');
    expect(await writer.write(plan)).toBe(true);
    expect(sink.shownWithBatch).toEqual([{ view: writer.layout.view(), startLine: 10 }]);
    writer.draw();
    expect(sink.renders).toEqual([]);
    // The region moved (a change above it): drawn again where it is now.
    writer.startLine = 12;
    writer.draw();
    expect(sink.renders).toEqual([{ view: writer.layout.view(), startLine: 12 }]);
  });

  it('draws what is really there after a refused batch (its looks were sent with it)', async () => {
    const sink = new RecordingSink();
    const writer = new PreviewWriter(['a', 'b'], 0, sink);
    await writer.write(writer.layout.planAdvance([same('a')], 1, 'p'));
    sink.refuse = true;
    expect(await writer.write(writer.layout.planAdvance([same('a'), added('x'), added('y')], 1, 'q'))).toBe(false);
    writer.draw();
    expect(sink.renders).toEqual([{ view: writer.layout.view(), startLine: 0 }]);
    expect(writer.layout.view().partial).toEqual([{ start: 1, count: 1 }]);
  });
});
