import type { Clock } from '../time/clock';
import type { DebouncePolicy } from '../time/debouncePolicy';
import type { Logger } from '../log/logger';
import type { MetricsSink, RequestSample } from '../metrics/requestSample';
import type { ModelClient } from '../transport/modelClient';
import type { EditHistory } from './editHistory';
import { defaultWindowLimits, editWindow, type EditWindow, type WindowLimits } from './editWindow';
import { nextEditRequest } from './nextEditPrompt';
import { editShape } from './editShape';
import { NextEditTrigger } from './nextEditTrigger';
import { editKind, type EditKind, type TextPosition } from './predictedEdit';
import { controllerOf, nextNextEditPhase, type DocLine, type NextEditEvent, type NextEditPhase } from './nextEditPhase';
import { predictEdits } from './predictEdits';
import { readPrediction } from './readPrediction';
import { typeThrough, type OffsetChange, type OffsetEdit } from './typeThrough';
import type { LineRange } from '../code/lineRange';

/** The engine's view of one open document (the editor's, or an in-memory one in tests). */
export interface NextEditDocument {
  /** Identity (the URI). */
  readonly key: string;
  /** Workspace-relative path, as the model sees it. */
  readonly path: string;
  readonly languageId: string;
  readonly version: number;
  readonly lineCount: number;
  lineAt(line: number): string;
  offsetAt(position: TextPosition): number;
  positionAt(offset: number): TextPosition;
  /** The cursor of the editor showing this document. */
  cursor(): TextPosition;
}

/** What is on screen: one edit, how it is offered, and how many follow it. */
export interface ShownPrediction {
  docKey: string;
  kind: EditKind;
  edit: OffsetEdit;
  start: TextPosition;
  end: TextPosition;
  /** Further predicted edits offered after this one. */
  following: number;
}

/** Draws and removes predictions (decorations in the editor; a recorder in tests). */
export interface NextEditView {
  show(prediction: ShownPrediction, doc: NextEditDocument): void;
  hide(): void;
}

export interface NextEditEngineDeps {
  client: () => ModelClient;
  clock: Clock;
  debounce: DebouncePolicy;
  history: EditHistory;
  view: NextEditView;
  metrics: MetricsSink;
  log: Logger;
  /** Why this document must not be sent (untrusted workspace, denied file), checked before each request. */
  refusal(doc: NextEditDocument): string | undefined;
  windowLimits?: WindowLimits;
  maxOutputTokens?: number;
  /** When to ask (default: the shipped policy). */
  trigger?: NextEditTrigger;
  /** Labelled context from other files for a window (definitions, diagnostics, their edits); none when absent. */
  context?(doc: NextEditDocument, window: EditWindow): string;
  /** The lines [start, end) of the document's outermost functions, as last parsed (the window cuts none in half). */
  functions?(doc: NextEditDocument): readonly LineRange[];
}

/**
 * The shortest pause before asking. Ghost text gets the editor's own 50 ms wait on top of the
 * adaptive debounce; next edit has no such wait from the editor, so it adds the same.
 */
export const MIN_PAUSE_MS = 50;

/** A pause after a change to existing code is this many of the typist's median gaps. */
const GAP_FACTOR = 1.5;

/** What the benchmark and the log report. */
export interface NextEditStats {
  keystrokes: number;
  requests: number;
  /** Predictions shown (each edit of a reply counts once). */
  shown: number;
  /** Shown predictions the user typed into, served without a new request. */
  typedThrough: number;
  /** Replies refused because they did not line up with the window. */
  dropped: number;
  /** Replies that predicted no edit. */
  empty: number;
  /** Predicted edits not offered: their lines were in a rejection's cool-down. */
  cooledDown: number;
}

/**
 * Next-edit prediction: when a next edit is plausible (NextEditTrigger: after an edit, on a
 * pause or a cursor move), asks the fast model for the window around the cursor as it will read
 * after the next edit, and offers the differences one at a time. Typing that agrees with the
 * shown edit keeps it without a request; any other change withdraws it and cancels a running
 * request at once.
 */
export class NextEditEngine {
  readonly stats: NextEditStats = { keystrokes: 0, requests: 0, shown: 0, typedThrough: 0, dropped: 0, empty: 0, cooledDown: 0 };
  private phase: NextEditPhase = { kind: 'idle' };
  /** The document version ghost text was last shown for: predictions wait for the next change. */
  private ghostShownAt: { key: string; version: number } | undefined;
  /** Where the last change left the cursor: a selection there is the change's, not a move. */
  private editEnd: { key: string; version: number; offset: number } | undefined;
  private readonly trigger: NextEditTrigger;

  constructor(private readonly deps: NextEditEngineDeps) {
    this.trigger = deps.trigger ?? new NextEditTrigger();
  }

  /** The shown prediction, if any. */
  shown(): ShownPrediction | undefined {
    return this.phase.kind === 'shown' ? this.phase.prediction : undefined;
  }

  /**
   * Call after every change of a document shown in the active editor (one call per change
   * event). `undo`: the change is an undo or redo, which asks for nothing new (undoing an
   * accepted prediction must not bring it straight back).
   */
  changed(doc: NextEditDocument, changes: readonly OffsetChange[], undo = false): void {
    const now = this.deps.clock.now();
    this.stats.keystrokes++;
    this.deps.debounce.noteKeystroke(now);
    this.to({ type: 'cancel' });
    const last = changes[changes.length - 1];
    this.editEnd = last && { key: doc.key, version: doc.version, offset: last.offset + last.text.length };
    const current = this.phase;
    if (current.kind === 'shown') {
      const result = current.prediction.docKey === doc.key && changes.length === 1 ? typeThrough(current.prediction.edit, changes[0]) : { kind: 'withdraw' as const };
      if (result.kind === 'keep') {
        if (!current.typedInto) this.stats.typedThrough++;
        const edit = result.edit;
        this.redraw({ ...current.prediction, edit, start: doc.positionAt(edit.offset), end: doc.positionAt(edit.offset + edit.oldText.length) }, doc, true);
        return;
      }
      if (result.kind === 'done') {
        const delta = current.origin.newText.length - current.origin.oldText.length;
        const after = current.origin.offset + current.origin.oldText.length;
        if (this.showNext(doc, current.queue.map((e) => (e.offset >= after ? { ...e, offset: e.offset + delta } : e)))) return;
      }
      this.to({ type: 'clear' });
      this.deps.view.hide();
    }
    if (!undo) this.armed(doc, changes, now);
  }

  /**
   * Call when the cursor of the active editor moved (a selection change): a move that no edit
   * made, to another line of an armed document, asks there once the cursor settles.
   */
  moved(doc: NextEditDocument): void {
    if (this.phase.kind === 'shown' || this.phase.kind === 'asking') return;
    const cursor = doc.cursor();
    const e = this.editEnd;
    if (e?.key === doc.key && e.version === doc.version && e.offset === doc.offsetAt(cursor)) return;
    // A move within the edited line leaves the edit's pause to ask: a move there asks nothing,
    // so replacing the pause would lose the ask (a busy editor reports an earlier key's cursor
    // after a later key's change, which reads as such a move).
    const p = this.phase.kind === 'waiting' ? this.phase.pauseLine : undefined;
    if (p?.key === doc.key && p.line === cursor.line) return;
    this.waitThenAsk(doc, MIN_PAUSE_MS, (now) => this.trigger.moved(doc.key, doc.cursor().line, now));
  }

  /**
   * A mouse click put the cursor at `doc`'s cursor: away from a shown prediction (off its lines
   * and the line next to them; a far one's own lines only), it dismisses it.
   */
  clicked(doc: NextEditDocument): void {
    const p = this.shown();
    if (!p || p.kind === 'ghost') return;
    const line = doc.cursor().line;
    const slack = p.kind === 'jump' ? 0 : 1;
    if (p.docKey !== doc.key || line < p.start.line - slack || line > p.end.line + slack) this.dismiss();
  }

  /** Tab on a far edit: the cursor went there; the same edit is now drawn in place. */
  jumped(doc: NextEditDocument): void {
    const p = this.shown();
    if (!p || p.docKey !== doc.key) return;
    this.redraw({ ...p, kind: 'inline' }, doc, false);
  }

  /**
   * Escape on a shown prediction: it is dismissed, and its lines get no prediction for the
   * rejection cool-down (the same suggestion would come straight back).
   */
  reject(): void {
    const p = this.shown();
    if (p) this.trigger.rejected(p.docKey, p.start.line, p.end.line, this.deps.clock.now());
    this.dismiss();
  }

  /** Escape, or the editor moved elsewhere: nothing shown, nothing queued, nothing asked until the next edit. */
  dismiss(): void {
    const wasShown = this.phase.kind === 'shown';
    this.to({ type: 'clear' });
    this.trigger.disarm();
    if (wasShown) this.deps.view.hide();
  }

  /** The ghost-text provider showed its own suggestion: one suggestion at a time, so ours goes. */
  ghostTextShown(key: string, version: number): void {
    this.ghostShownAt = { key, version };
    const p = this.shown();
    if (p && p.kind !== 'ghost' && p.docKey === key) this.dismiss();
  }

  /** The predicted insertion at this offset, for the ghost-text provider to show. */
  ghostAt(key: string, offset: number): string | undefined {
    const p = this.shown();
    if (!p || p.kind !== 'ghost' || p.docKey !== key || p.edit.offset !== offset) return undefined;
    return p.edit.newText;
  }

  dispose(): void {
    this.dismiss();
  }

  /** Moves to the phase the table gives for `event`, aborting the controller of the phase left; false when nothing changed. */
  private to(event: NextEditEvent): boolean {
    const before = this.phase;
    const after = nextNextEditPhase(before, event);
    if (after === before) return false;
    const controller = controllerOf(before);
    if (controller && controller !== controllerOf(after)) controller.abort();
    this.phase = after;
    return true;
  }

  private redraw(prediction: ShownPrediction, doc: NextEditDocument, typedInto: boolean): void {
    this.to({ type: 'redraw', prediction, typedInto });
    this.deps.view.show(prediction, doc);
  }

  /** An edit armed the document: ask after the pause its shape calls for, if nothing else happens. */
  private armed(doc: NextEditDocument, changes: readonly OffsetChange[], now: number): void {
    // Typing through ghost text is writing new code, wherever the cursor is.
    const g = this.ghostShownAt;
    const shape = g?.key === doc.key && g.version === doc.version - 1 ? 'append' : editShape(doc, changes);
    const line = doc.positionAt(changes[0].offset + changes[0].text.length).line;
    const pause = this.trigger.edited(doc.key, line, shape, now, this.changePauseMs());
    this.waitThenAsk(doc, pause, (t) => this.trigger.paused(doc.key, doc.cursor().line, t), { key: doc.key, line });
  }

  /**
   * The pause after a change to existing code: longer than this typist's usual gap between keys
   * (a word being typed is not a pause), never shorter than MIN_PAUSE_MS or the adaptive debounce.
   */
  private changePauseMs(): number {
    const gap = this.deps.debounce.typicalGapMs();
    return Math.max(MIN_PAUSE_MS, this.deps.debounce.delayMs(), gap === undefined ? 0 : Math.round(GAP_FACTOR * gap));
  }

  /** Waits `ms` (a newer wait replaces it), then asks if `fire` still says so. */
  private waitThenAsk(doc: NextEditDocument, ms: number, fire: (now: number) => boolean, pauseLine?: DocLine): void {
    const waited = new AbortController();
    if (!this.to({ type: 'wait', controller: waited, pauseLine })) return;
    const go = async () => {
      if (!(await this.deps.clock.sleep(ms, waited.signal))) return;
      if (this.phase.kind !== 'waiting' || this.phase.controller !== waited) return;
      // Ghost text on screen has the stage; the edits stay armed for a later move.
      const g = this.ghostShownAt;
      if ((g?.key === doc.key && g.version === doc.version) || !fire(this.deps.clock.now())) {
        this.to({ type: 'over', controller: waited });
        return;
      }
      const asking = new AbortController();
      this.to({ type: 'ask', waited, controller: asking });
      try {
        await this.ask(doc, asking.signal);
      } finally {
        this.to({ type: 'over', controller: asking });
      }
    };
    void go().catch((err: unknown) => this.deps.log.warn(`next edit: ${String(err)}`));
  }

  private async ask(doc: NextEditDocument, signal: AbortSignal): Promise<void> {
    const d = this.deps;
    const edits = d.history.recent(doc.key, d.clock.now());
    if (edits.length === 0) return;
    const refusal = d.refusal(doc);
    if (refusal) {
      d.log.debug(`next edit: nothing sent: ${refusal}`);
      return;
    }
    const version = doc.version;
    const window = editWindow(doc, doc.cursor(), d.windowLimits ?? defaultWindowLimits, d.functions?.(doc));
    if (!window) {
      d.log.debug(`next edit: nothing sent: the lines around the cursor of ${doc.path} are too long`);
      return;
    }
    const windowChars = window.lines.reduce((n, l) => n + l.length + 1, 0);
    const maxTokens = d.maxOutputTokens ?? Math.ceil(windowChars / 2) + 256;
    const stream = d.client().stream(nextEditRequest(doc.path, doc.languageId, window, edits, maxTokens, d.context?.(doc, window)));
    this.stats.requests++;
    const onAbort = () => stream.cancel();
    signal.addEventListener('abort', onAbort, { once: true });
    const result = await stream.done;
    signal.removeEventListener('abort', onAbort);
    const record = (outcome: RequestSample['outcome']) => d.metrics.record({ surface: 'next-edit', route: 'fast', marks: stream.marks, outcome });
    if (signal.aborted || doc.version !== version || result.status === 'cancelled') {
      record('abandoned');
      return;
    }
    if (result.status !== 'completed') {
      record('failed');
      d.log.warn(`next edit: the model's reply ${result.status === 'incomplete' ? 'was cut off' : `failed: ${result.error?.message ?? 'unknown error'}`}; nothing shown`);
      return;
    }
    const predicted = predictEdits(window, readPrediction(result.text));
    const nothing = !predicted.ok || predicted.edits.length === 0;
    if (nothing) this.trigger.empty(doc.key, window.startLine, window.startLine + window.lines.length - 1, d.clock.now());
    if (!predicted.ok) {
      this.stats.dropped++;
      record('failed');
      d.log.warn(`next edit: reply dropped, it does not line up with lines ${window.startLine + 1}-${window.startLine + window.lines.length} of ${doc.path}: ${predicted.reason}`);
      return;
    }
    if (predicted.edits.length === 0) {
      this.stats.empty++;
      record('used');
      return;
    }
    if (this.ghostShownAt?.key === doc.key && this.ghostShownAt.version === doc.version) {
      record('abandoned');
      d.log.trace('next edit: ghost text is shown; prediction held back');
      return;
    }
    const cursor = doc.offsetAt(doc.cursor());
    const offsets = predicted.edits.map((e) => ({ offset: doc.offsetAt(e.start), oldText: e.oldText, newText: e.newText }));
    // From the cursor on, then the ones above it.
    const queue = [...offsets.filter((e) => e.offset + e.oldText.length >= cursor), ...offsets.filter((e) => e.offset + e.oldText.length < cursor)];
    if (this.showNext(doc, queue)) {
      record('used');
    } else {
      record('abandoned');
    }
  }

  /** Offers the first of `queue` if the document still holds the text it replaces; the rest follow it. */
  private showNext(doc: NextEditDocument, edits: readonly OffsetEdit[]): boolean {
    const queue = [...edits];
    let edit = queue.shift();
    // Lines the user just rejected a prediction for get none during the cool-down.
    const now = this.deps.clock.now();
    const cooling = (e: OffsetEdit) => this.trigger.coolingDown(doc.key, doc.positionAt(e.offset).line, doc.positionAt(e.offset + e.oldText.length).line, now);
    while (edit && cooling(edit)) {
      this.stats.cooledDown++;
      edit = queue.shift();
    }
    if (!edit) return false;
    const start = doc.positionAt(edit.offset);
    const end = doc.positionAt(edit.offset + edit.oldText.length);
    if (textBetween(doc, start, end) !== edit.oldText) {
      this.deps.log.debug('next edit: the document no longer holds the predicted text; withdrawn');
      return false;
    }
    const prediction: ShownPrediction = { docKey: doc.key, kind: editKind({ start, end, oldText: edit.oldText, newText: edit.newText }, doc.cursor()), edit, start, end, following: queue.length };
    this.to({ type: 'show', prediction, queue });
    this.stats.shown++;
    this.deps.view.show(prediction, doc);
    return true;
  }
}

function textBetween(doc: NextEditDocument, start: TextPosition, end: TextPosition): string {
  if (start.line === end.line) return doc.lineAt(start.line).slice(start.character, end.character);
  const parts = [doc.lineAt(start.line).slice(start.character)];
  for (let l = start.line + 1; l < end.line; l++) parts.push(doc.lineAt(l));
  parts.push(doc.lineAt(end.line).slice(0, end.character));
  return parts.join('\n');
}
