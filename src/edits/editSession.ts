import type { Logger } from '../log/logger';
import type { MetricsSink } from '../metrics/requestSample';
import type { RouteDecision, RouteRequest } from '../router/routeTypes';
import type { ModelClient, ModelStream, StreamResult } from '../transport/modelClient';
import type { ModelError } from '../transport/modelError';
import type { DiffRow } from './diffRow';
import { buildEditPrompt, maxOutputTokensFor, type EarlierAttempt, type EditContext } from './editPrompt';
import type { EditSink } from './editSink';
import { FrameScheduler, type Timers } from './frameScheduler';
import { PreviewLayout, type LayoutPlan } from './previewLayout';
import { classifyChange, spliceChange, type LineChange } from './regionChange';
import { RewriteFeed, diffRows } from './rewriteFeed';
import { deleteSpans, shiftEdits, type RowEdit } from './rowEdit';
import { LineAssembler } from './lineAssembler';

export type EditState = 'streaming' | 'review' | 'accepted' | 'rejected' | 'cancelled' | 'failed';

export interface EditModels {
  route(request: RouteRequest): RouteDecision;
  client(target: 'fast' | 'full'): ModelClient;
}

export interface EditSessionDeps {
  models: EditModels;
  sink: EditSink;
  timers: Timers;
  metrics: MetricsSink;
  log: Logger;
  /** State, model or message changed (not called per frame). */
  onChange(): void;
}

/** The lines to rewrite (whole lines) and what the model sees around them. */
export interface EditTarget {
  startLine: number;
  lines: string[];
  context: EditContext;
  /** Workspace-relative paths involved, for routing. */
  files: string[];
}

/** What the user is told about the edit: which model, why, and how it ended. */
export interface EditInfo {
  source: 'fast' | 'full' | 'given';
  model?: string;
  reasons: string[];
  note?: string;
  error?: ModelError;
}

/**
 * One pending inline edit on one document region, from the first token to accept or reject.
 * The rewrite streams into the document as a live line diff (new lines inserted between the
 * original ones, which stay until settled); every document change goes through one queue,
 * so stop, redirect, accept and reject never race a frame being applied.
 */
export class EditSession {
  private stateValue: EditState = 'review';
  private infoValue: EditInfo = { source: 'given', reasons: [] };
  private instructionValue = '';
  private startLineValue: number;
  private readonly original: string[];
  private readonly layout: PreviewLayout;
  private readonly frames: FrameScheduler;
  private feed: RewriteFeed;
  private stream: ModelStream | undefined;
  private route: 'fast' | 'full' = 'fast';
  private generation = 0;
  /** The exact rows to show once the stream is over, until the editor has them. */
  private settleTarget: DiffRow[] | null = null;
  /** A redirect asked for the original back before the next rewrite streams in. */
  private resetPending = false;
  private appliedAny = false;
  private foreignEdits = false;
  private queue: Promise<unknown> = Promise.resolve();
  private rendered = '';

  constructor(private readonly target: EditTarget, private readonly deps: EditSessionDeps) {
    this.original = target.lines;
    this.startLineValue = target.startLine;
    this.layout = new PreviewLayout(this.original);
    this.feed = new RewriteFeed(this.original);
    this.frames = new FrameScheduler(() => this.exclusive(() => this.reconcile()), deps.timers);
  }

  get state(): EditState {
    return this.stateValue;
  }
  get info(): EditInfo {
    return this.infoValue;
  }
  get instruction(): string {
    return this.instructionValue;
  }
  get startLine(): number {
    return this.startLineValue;
  }
  get rowCount(): number {
    return this.layout.rowCount;
  }
  get settled(): boolean {
    return this.stateValue !== 'streaming' && this.stateValue !== 'review';
  }

  /** Starts generating a rewrite for `instruction` (after a redirect: with the earlier attempt). */
  start(instruction: string, earlier?: EarlierAttempt): void {
    const estimate = buildEditPrompt(this.original, instruction, this.target.context, earlier).tokenEstimate;
    const decision = this.deps.models.route({ surface: 'edit', text: instruction, files: this.target.files, tokenEstimate: estimate });
    const client = this.deps.models.client(decision.target);
    const prompt = buildEditPrompt(this.original, decision.text, this.target.context, earlier);
    this.instructionValue = decision.text;
    this.route = decision.target;
    this.feed = new RewriteFeed(this.original);
    this.settleTarget = null;
    const gen = ++this.generation;
    const stream = client.stream({
      surface: 'edit',
      instructions: prompt.instructions,
      input: prompt.input,
      maxOutputTokens: maxOutputTokensFor(this.original),
      label: decision.reasons.join('; '),
    });
    this.stream = stream;
    this.setState('streaming', { source: decision.target, model: client.model, reasons: decision.reasons });
    void this.consume(stream, gen);
  }

  /** Shows a given text (not generated here) as the pending rewrite of the region. */
  async showText(text: string, label: string): Promise<void> {
    const assembler = new LineAssembler();
    const lines = assembler.push(text);
    if (assembler.partial !== '') lines.push(assembler.partial);
    this.settleTarget = diffRows(this.original, lines);
    this.setState('review', { source: 'given', reasons: [label] });
    await this.frames.flushNow();
  }

  /** Stops the running generation and starts over with a new instruction, reusing what was written. */
  redirect(instruction: string): void {
    if (this.settled) return;
    const earlier: EarlierAttempt = { instruction: this.instructionValue, output: this.feed.text() };
    this.halt('abandoned');
    this.resetPending = true;
    this.start(instruction, earlier);
  }

  /** Stops generating and keeps what was written so far for review. */
  async stop(): Promise<void> {
    if (this.stateValue !== 'streaming') return;
    this.halt('used');
    this.settleTarget = this.feed.partialRows();
    this.setState('review', { ...this.infoValue, note: 'stopped: the original continues after the last generated line' });
    await this.frames.flushNow();
  }

  /** Keeps the rewrite. Resolves false when the document could not be changed. */
  async accept(): Promise<boolean> {
    if (this.stateValue === 'streaming') await this.stop();
    if (this.stateValue !== 'review') return false;
    await this.frames.flushNow();
    return this.exclusive(async () => {
      if (this.settleTarget !== null || this.resetPending || this.stateValue !== 'review') return false;
      const edits = shiftEdits(this.layout.planAccept(), this.startLineValue);
      if (edits.length > 0 && !(await this.deps.sink.apply(edits, 'accept', () => {}))) return false;
      this.finish('accepted');
      return true;
    });
  }

  /** Puts the original back, byte for byte. */
  async reject(): Promise<boolean> {
    if (this.settled) return false;
    this.halt('abandoned');
    return this.exclusive(async () => {
      if (this.settled) return false;
      const ok = await this.restoreOriginal();
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
  async documentChanged(changes: readonly LineChange[], undoOrRedo: boolean): Promise<void> {
    if (this.settled) return;
    this.foreignEdits = true;
    for (const change of changes) {
      const region = { startLine: this.startLineValue, rowCount: this.layout.rowCount, lastLineLength: this.layout.lastRowText().length };
      const effect = classifyChange(region, change);
      if (effect.kind === 'before') this.startLineValue += effect.lineDelta;
      if (effect.kind !== 'inside') continue;
      this.halt('abandoned');
      if (undoOrRedo) {
        this.finish('cancelled', 'the edit was undone');
        return;
      }
      const leftover = this.previewLinesAfter(changes);
      this.finish('cancelled', 'the code being rewritten was changed, so the edit was cancelled');
      if (this.appliedAny && leftover.length > 0) await this.exclusive(() => this.deps.sink.restore(leftover, false, () => {}));
      return;
    }
    // A frame the editor refused because of this change is planned again against the moved region.
    if (this.stream || this.settleTarget !== null || this.resetPending) this.frames.request();
  }

  /** The editor came back (e.g. its tab was shown again): show what it missed. */
  refresh(): void {
    if (this.settled) return;
    this.render(true);
    this.frames.request();
  }

  private async consume(stream: ModelStream, gen: number): Promise<void> {
    let endedByFence = false;
    try {
      for await (const delta of stream) {
        if (gen !== this.generation) return;
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
    if (gen !== this.generation) return;
    this.generation++;
    this.stream = undefined;
    await this.streamEnded(stream, result, endedByFence);
  }

  private async streamEnded(stream: ModelStream, result: StreamResult, endedByFence: boolean): Promise<void> {
    const { status, error } = result;
    if (status === 'failed' || (status === 'cancelled' && !endedByFence)) {
      this.record(stream, status === 'failed' ? 'failed' : 'abandoned');
      await this.exclusive(async () => {
        await this.restoreOriginal();
        this.finish('failed', error?.message ?? 'the generation ended without a result', error);
      });
      return;
    }
    this.record(stream, 'used');
    const complete = status === 'completed' || endedByFence;
    this.settleTarget = complete ? this.feed.completeRows() : this.feed.partialRows();
    const note = complete ? undefined : 'the model hit its output limit: the original continues after the last generated line';
    this.setState('review', { ...this.infoValue, note });
    await this.frames.flushNow();
  }

  /** Brings the document to what the edit should show now (one frame). Never throws. */
  private async reconcile(): Promise<void> {
    try {
      if (this.settled) return;
      if (this.resetPending) {
        if (!(await this.commitPlan(this.layout.planRestore()))) return this.render();
        this.resetPending = false;
      }
      if (this.settleTarget !== null) {
        if (await this.commitPlan(this.layout.planSettle(this.settleTarget))) this.settleTarget = null;
      } else if (this.stream) {
        await this.commitPlan(this.layout.planAdvance(this.feed.diff.rows, this.feed.diff.pointer, this.feed.visiblePartial()));
      }
      this.render();
    } catch (err) {
      this.deps.log.error(err instanceof Error ? err : String(err));
    }
  }

  /** Applies a plan's edits as part of the preview; the layout follows once they are in. */
  private async commitPlan(plan: LayoutPlan): Promise<boolean> {
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
    if (await this.deps.sink.apply(shiftEdits(plan.edits, this.startLineValue), 'preview', commit)) commit();
    return done;
  }

  private async restoreOriginal(): Promise<boolean> {
    if (!this.appliedAny) return true;
    const plan = this.layout.planRestore();
    let done = false;
    const commit = () => {
      if (!done) plan.commit();
      done = true;
    };
    if (await this.deps.sink.restore(shiftEdits(plan.edits, this.startLineValue), !this.foreignEdits, commit)) commit();
    return done;
  }

  /** Deletions (document lines) of the preview lines that changes inside the region left intact. */
  private previewLinesAfter(changes: readonly LineChange[]): RowEdit[] {
    let startLine = this.startLineValue;
    let kinds: string[] = this.layout.kinds();
    for (const change of changes) ({ startLine, kinds } = spliceChange(startLine, kinds, change, 'user'));
    return deleteSpans(kinds.flatMap((k, i) => (k === 'added' || k === 'partial' ? [{ start: startLine + i, count: 1 }] : [])));
  }

  /** Stops the current generation (if any) and ignores whatever it still sends. */
  private halt(outcome: 'used' | 'abandoned'): void {
    this.generation++;
    const s = this.stream;
    this.stream = undefined;
    if (s) {
      s.cancel();
      this.record(s, outcome);
    }
  }

  private record(stream: ModelStream, outcome: 'used' | 'abandoned' | 'failed'): void {
    this.deps.metrics.record({ surface: 'edit', route: this.route, marks: stream.marks, outcome });
  }

  private finish(state: EditState, note?: string, error?: ModelError): void {
    this.frames.dispose();
    this.settleTarget = null;
    this.resetPending = false;
    this.setState(state, { ...this.infoValue, note, error });
    this.deps.sink.render(null, this.startLineValue);
  }

  private setState(state: EditState, info: EditInfo): void {
    this.stateValue = state;
    this.infoValue = info;
    this.deps.onChange();
  }

  /** Redraws when the layout or its position changed since the last drawing (or when forced). */
  private render(force = false): void {
    if (this.settled) return;
    const key = `${this.layout.version}@${this.startLineValue}`;
    if (!force && key === this.rendered) return;
    this.rendered = key;
    this.deps.sink.render(this.layout.view(), this.startLineValue);
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
