import type { FileText } from '../context/fitFiles';
import type { EarlierAttempt } from '../rewrite/editPrompt';
import { LineAssembler } from '../rewrite/lineAssembler';
import { RewriteFeed, diffRows } from '../rewrite/rewriteFeed';
import type { EditTarget } from '../rewrite/rewriteTypes';
import { startRewrite } from '../rewrite/startRewrite';
import type { ModelStream, StreamResult } from '../transport/modelClient';
import type { ModelError } from '../transport/modelError';
import { documentBehind, isOpen, nextEditPhase, runningStream, type EditEvent, type EditPhase, type Ending, type Outcome } from './editPhase';
import type { EditInfo, EditSessionDeps, EditState } from './editSessionTypes';
import { DocumentReadOnlyError } from './editSink';
import { FrameScheduler } from './frameScheduler';
import { LeftoverPreview } from './leftoverPreview';
import { PreviewWriter } from './previewWriter';
import { classifyChange, type LineChange } from './regionChange';

export type { EditInfo, EditSessionDeps, EditState } from './editSessionTypes';

/**
 * One pending inline edit on one document region, from the first token to accept or reject.
 * The rewrite streams into the document as a live line diff (new lines inserted between the
 * original ones, which stay until settled); every document change goes through one queue,
 * so stop, redirect, accept and reject never race a frame being applied.
 */
export class EditSession {
  private phase: EditPhase = { kind: 'review', restoreFirst: false, settle: null };
  private infoValue: EditInfo = { source: 'given', reasons: [] };
  private instructionValue = '';
  private readonly original: string[];
  private readonly writer: PreviewWriter;
  private readonly frames: FrameScheduler;
  private feed: RewriteFeed;
  private route: 'fast' | 'full' = 'fast';
  private references: readonly FileText[] = [];
  /**
   * Changes someone else made to the document, counted: after one, undo would take theirs too;
   * a refused removal of leftover lines is tried again only after one.
   */
  private foreignChanges = 0;
  /** The running removal of leftover preview lines, while cancelling. */
  private removal: Promise<void> | undefined;

  constructor(private readonly target: EditTarget, private readonly deps: EditSessionDeps) {
    this.original = target.lines;
    this.writer = new PreviewWriter(this.original, target.startLine, deps.sink);
    this.feed = new RewriteFeed(this.original);
    this.frames = new FrameScheduler(() => this.writer.exclusive(() => this.reconcile()), deps.timers);
  }

  get state(): EditState {
    const p = this.phase;
    return p.kind === 'cancelling' ? p.shown : p.kind === 'ended' ? p.outcome : p.kind;
  }
  get info(): EditInfo {
    return this.infoValue;
  }
  get instruction(): string {
    return this.instructionValue;
  }
  get startLine(): number {
    return this.writer.startLine;
  }
  get settled(): boolean {
    return this.phase.kind === 'ended';
  }

  /**
   * Starts generating a rewrite for `instruction` (after a redirect: with the earlier attempt).
   * `references` are other files the instruction names; they are fitted into the model's
   * context, largest first, and kept for redirects.
   */
  start(instruction: string, earlier?: EarlierAttempt, references?: readonly FileText[], reset = false): void {
    if (!isOpen(this.phase)) return;
    if (references) this.references = references;
    let started: ModelStream | null = null;
    const { stream, decision, client } = startRewrite(this.deps.models, this.target, {
      instruction,
      earlier,
      references: this.references,
      label: (reasons) => reasons.join('; '),
      onFallback: (why, error, fast) => {
        if (started === null || runningStream(this.phase) !== started) return;
        this.deps.log.warn(`edit: full model failed before answering (${error.message}); rewriting with the fast model.`);
        this.route = 'fast';
        this.announce({ source: 'fast', model: fast.model, reasons: [why, ...decision.reasons] });
      },
    });
    this.instructionValue = decision.text;
    this.route = decision.target;
    this.feed = new RewriteFeed(this.original);
    this.to({ type: 'start', reset, stream });
    started = stream;
    this.announce({ source: decision.target, model: client.model, reasons: decision.reasons });
    void this.consume(stream);
  }

  /** Shows a given text (not generated here) as the pending rewrite of the region. */
  async showText(text: string, label: string): Promise<void> {
    const assembler = new LineAssembler();
    const lines = assembler.push(text);
    if (assembler.partial !== '') lines.push(assembler.partial);
    this.to({ type: 'show', rows: diffRows(this.original, lines) });
    this.announce({ source: 'given', reasons: [label] });
    await this.frames.flushNow();
  }

  /** Stops the running generation and starts over with a new instruction, reusing what was written. */
  redirect(instruction: string): void {
    if (!isOpen(this.phase)) return;
    const earlier: EarlierAttempt = { instruction: this.instructionValue, output: this.feed.text() };
    this.halt('abandoned');
    this.start(instruction, earlier, undefined, true);
  }

  /** Stops generating and keeps what was written so far for review. */
  async stop(): Promise<void> {
    if (this.phase.kind !== 'streaming') return;
    this.halt('used');
    this.to({ type: 'show', rows: this.feed.partialRows() });
    this.announce({ ...this.infoValue, note: 'stopped: the original continues after the last generated line' });
    await this.frames.flushNow();
  }

  /**
   * Keeps the rewrite: stops a running stream, waits for the document to show the rows to keep,
   * then removes the removed ones. Resolves false when the document could not be changed.
   */
  async accept(): Promise<boolean> {
    if (!isOpen(this.phase)) return false;
    if (this.phase.kind === 'streaming') await this.stop();
    if (this.phase.kind !== 'review') return false;
    await this.frames.flushNow();
    return this.writer.exclusive(async () => {
      if (this.phase.kind !== 'review' || documentBehind(this.phase)) return false;
      try {
        if (!(await this.writer.accept())) return false;
      } catch (err) {
        this.failWrite(err);
        return false;
      }
      this.finish('accepted');
      return true;
    });
  }

  /** Puts the original back, byte for byte. */
  async reject(): Promise<boolean> {
    if (!isOpen(this.phase)) return false;
    this.halt('abandoned');
    return this.writer.exclusive(async () => {
      if (this.settled) return false;
      const ok = await this.writer.restore(this.foreignChanges === 0);
      if (ok) this.finish('rejected');
      return ok;
    });
  }

  /** The document (or its editor) went away: stop without touching it. */
  cancel(note: string): void {
    if (this.settled) return;
    this.halt('abandoned');
    this.finish('cancelled', note);
  }

  /**
   * Someone else changed the document. Changes above the region move it; a change to its lines
   * cancels the edit, removing the preview lines the change did not touch. An undo or redo
   * reaching into the region already took the preview out.
   */
  async documentChanged(reported: readonly LineChange[], undoOrRedo: boolean): Promise<void> {
    if (this.settled) return;
    this.foreignChanges++;
    // Bottom up: then each change's position is still valid after the ones before it, whatever order the editor used.
    const changes = [...reported].sort((a, b) => b.startLine - a.startLine || b.startCharacter - a.startCharacter);
    if (this.phase.kind === 'cancelling') {
      for (const change of changes) this.phase.leftover?.track(change);
      return this.removeLeftover();
    }
    for (const [i, change] of changes.entries()) {
      const { layout } = this.writer;
      const effect = classifyChange({ startLine: this.writer.startLine, rowCount: layout.rowCount, lastLineLength: layout.lastRowText().length }, change);
      if (effect.kind === 'before') this.writer.startLine += effect.lineDelta;
      if (effect.kind !== 'inside') continue;
      this.halt('abandoned');
      if (undoOrRedo) {
        this.finish('cancelled', 'the edit was undone');
        return;
      }
      const leftover = this.writer.appliedAny ? new LeftoverPreview(this.writer.startLine, this.writer.layout.kinds()) : null;
      for (const c of changes.slice(i)) leftover?.track(c);
      return this.cancelling({ state: 'cancelled', note: 'the code being rewritten was changed, so the edit was cancelled' }, leftover);
    }
    // A frame the editor refused because of this change is planned again against the moved region.
    if (runningStream(this.phase) || documentBehind(this.phase)) this.frames.request();
  }

  /** The editor came back (e.g. its tab was shown again): show what it missed. */
  refresh(): void {
    if (this.settled) return;
    if (this.phase.kind === 'cancelling') {
      void this.removeLeftover();
      return;
    }
    this.writer.draw(true);
    this.frames.request();
  }

  /**
   * Removes the preview lines a cancelling change left, then ends the edit. An attempt the
   * editor refuses because the user typed meanwhile is planned again with that typing.
   */
  private removeLeftover(): Promise<void> {
    this.removal ??= this.removeLeftoverLines().finally(() => (this.removal = undefined));
    return this.removal;
  }

  private async removeLeftoverLines(): Promise<void> {
    for (;;) {
      const phase = this.phase;
      // Ended meanwhile (the document went away).
      if (phase.kind !== 'cancelling') return;
      if (phase.leftover) {
        const seen = this.foreignChanges;
        const edits = phase.leftover.deletions();
        let removed = edits.length === 0;
        if (!removed && (await this.writer.exclusive(() => this.writer.removeLines(edits, () => (removed = true))))) removed = true;
        if (!removed) {
          // Refused because the user typed meanwhile: planned again with that typing. Refused for
          // another reason (no editor shows the document): retried on refresh.
          if (seen === this.foreignChanges) return;
          continue;
        }
      }
      return this.finish(phase.ending.state, phase.ending.note, phase.ending.error);
    }
  }

  /** The edit ends once the preview lines it left in the document are removed. */
  private cancelling(ending: Ending, leftover: LeftoverPreview | null): Promise<void> {
    this.to({ type: 'cancel', ending, leftover });
    return this.removeLeftover();
  }

  private async consume(stream: ModelStream): Promise<void> {
    let endedByFence = false;
    try {
      for await (const delta of stream) {
        if (runningStream(this.phase) !== stream) return;
        if (this.feed.push(delta)) {
          endedByFence = true;
          stream.cancel();
          break;
        }
        this.frames.request();
      }
    } catch (err) {
      // `done` reports the failure; the iterator should not throw, but a broken one must not leave the edit hanging.
      this.deps.log.warn(`edit stream ${stream.id}: ${String(err)}`);
    }
    const result = await stream.done;
    if (runningStream(this.phase) !== stream) return;
    this.to({ type: 'halt' });
    await this.streamEnded(stream, result, endedByFence);
  }

  private async streamEnded(stream: ModelStream, result: StreamResult, endedByFence: boolean): Promise<void> {
    const { status, error } = result;
    if (status === 'failed' || (status === 'cancelled' && !endedByFence)) {
      this.record(stream, status === 'failed' ? 'failed' : 'abandoned');
      const ending: Ending = { state: 'failed', note: error?.message ?? 'the generation ended without a result', error };
      const restored = await this.writer.exclusive(() => this.writer.restore(this.foreignChanges === 0));
      if (restored) return this.finish(ending.state, ending.note, ending.error);
      // Refused (the user is typing): take the preview lines out as they move, then end.
      return this.cancelling(ending, new LeftoverPreview(this.writer.startLine, this.writer.layout.kinds()));
    }
    this.record(stream, 'used');
    const complete = status === 'completed' || endedByFence;
    this.to({ type: 'show', rows: complete ? this.feed.completeRows() : this.feed.partialRows() });
    const note = complete ? undefined : 'the model hit its output limit: the original continues after the last generated line';
    this.announce({ ...this.infoValue, note });
    await this.frames.flushNow();
  }

  /** Brings the document to what the edit should show now (one frame). Never throws. */
  private async reconcile(): Promise<void> {
    const { writer } = this;
    try {
      if (!isOpen(this.phase)) return;
      if (this.phase.restoreFirst) {
        if (!(await writer.write(writer.layout.planRestore()))) return writer.draw();
        this.to({ type: 'restored' });
      }
      const phase = this.phase;
      if (phase.kind === 'review' && phase.settle !== null) {
        if (await writer.write(writer.layout.planSettle(phase.settle))) this.to({ type: 'settled' });
      } else if (runningStream(phase)) {
        const { diff } = this.feed;
        await writer.write(writer.layout.planAdvance(diff.rows, diff.pointer, this.feed.visiblePartial()));
      }
      if (!this.settled) writer.draw();
    } catch (err) {
      this.failWrite(err);
    }
  }

  /** A document change failed for good (a read-only editor): the edit ends with that message. */
  private failWrite(err: unknown): void {
    this.deps.log.error(err instanceof Error ? err : String(err));
    if (!(err instanceof DocumentReadOnlyError) || this.settled) return;
    this.halt('abandoned');
    this.finish('failed', err.message);
  }

  /** Stops the current generation (if any) and ignores whatever it still sends. */
  private halt(outcome: 'used' | 'abandoned'): void {
    const s = runningStream(this.phase);
    this.to({ type: 'halt' });
    if (s) {
      s.cancel();
      this.record(s, outcome);
    }
  }

  private record(stream: ModelStream, outcome: 'used' | 'abandoned' | 'failed'): void {
    this.deps.metrics.record({ surface: 'edit', route: this.route, marks: stream.marks, outcome });
  }

  private finish(outcome: Outcome, note?: string, error?: ModelError): void {
    if (this.settled) return;
    this.frames.dispose();
    this.to({ type: 'end', outcome });
    this.announce({ ...this.infoValue, note, error });
    this.writer.clear();
  }

  private to(event: EditEvent): void {
    this.phase = nextEditPhase(this.phase, event);
  }

  /** Tells the user: the state, model or message changed. */
  private announce(info: EditInfo): void {
    this.infoValue = info;
    this.deps.onChange();
  }

}
