import type { Clock } from '../time/clock';
import type { DebouncePolicy } from '../time/debouncePolicy';
import type { Logger } from '../log/logger';
import type { MetricsSink, RequestSample } from '../metrics/requestSample';
import type { ModelClient } from '../transport/modelClient';
import type { EditHistory } from './editHistory';
import { defaultWindowLimits, editWindow, type WindowLimits } from './editWindow';
import { nextEditRequest } from './nextEditPrompt';
import { editKind, type EditKind, type TextPosition } from './predictedEdit';
import { predictEdits } from './predictEdits';
import { readPrediction } from './readPrediction';
import { typeThrough, type OffsetChange, type OffsetEdit } from './typeThrough';

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
}

/**
 * The shortest pause before asking. Ghost text gets the editor's own 50 ms wait on top of the
 * adaptive debounce; next edit has no such wait from the editor, so it adds the same.
 */
export const MIN_PAUSE_MS = 50;

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
  /** Model's last token to the prediction handed to the view, per reply shown (ms). */
  lastTokenToShownMs: number[];
}

interface Current {
  prediction: ShownPrediction;
  /** The edit as first shown, to shift the queued edits once it is done. */
  origin: OffsetEdit;
  typedInto: boolean;
}

/**
 * Next-edit prediction: after an edit and a pause, asks the fast model for the window around
 * the cursor as it will read after the next edit, and offers the differences one at a time.
 * Typing that agrees with the shown edit keeps it without a request; any other change withdraws
 * it and cancels a running request at once.
 */
export class NextEditEngine {
  readonly stats: NextEditStats = { keystrokes: 0, requests: 0, shown: 0, typedThrough: 0, dropped: 0, lastTokenToShownMs: [] };
  private current: Current | undefined;
  private queue: OffsetEdit[] = [];
  private pending: AbortController | undefined;
  /** The document version ghost text was last shown for: predictions wait for the next change. */
  private ghostShownAt: { key: string; version: number } | undefined;

  constructor(private readonly deps: NextEditEngineDeps) {}

  /** The shown prediction, if any. */
  shown(): ShownPrediction | undefined {
    return this.current?.prediction;
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
    this.cancelPending();
    const current = this.current;
    if (current) {
      const result = current.prediction.docKey === doc.key && changes.length === 1 ? typeThrough(current.prediction.edit, changes[0]) : { kind: 'withdraw' as const };
      if (result.kind === 'keep') {
        if (!current.typedInto) this.stats.typedThrough++;
        current.typedInto = true;
        const edit = result.edit;
        current.prediction = { ...current.prediction, edit, start: doc.positionAt(edit.offset), end: doc.positionAt(edit.offset + edit.oldText.length) };
        this.deps.view.show(current.prediction, doc);
        return;
      }
      this.current = undefined;
      if (result.kind === 'done') {
        const delta = current.origin.newText.length - current.origin.oldText.length;
        const after = current.origin.offset + current.origin.oldText.length;
        this.queue = this.queue.map((e) => (e.offset >= after ? { ...e, offset: e.offset + delta } : e));
        if (this.showNext(doc)) return;
      } else {
        this.queue = [];
      }
      this.deps.view.hide();
    }
    if (!undo) this.schedule(doc);
  }

  /** Tab on a far edit: the cursor went there; the same edit is now drawn in place. */
  jumped(doc: NextEditDocument): void {
    const current = this.current;
    if (!current || current.prediction.docKey !== doc.key) return;
    current.prediction = { ...current.prediction, kind: 'inline' };
    this.deps.view.show(current.prediction, doc);
  }

  /** Escape, or the editor moved elsewhere: nothing shown, nothing queued, nothing asked. */
  dismiss(): void {
    this.cancelPending();
    this.queue = [];
    if (this.current) {
      this.current = undefined;
      this.deps.view.hide();
    }
  }

  /** The ghost-text provider showed its own suggestion: one suggestion at a time, so ours goes. */
  ghostTextShown(key: string, version: number): void {
    this.ghostShownAt = { key, version };
    if (this.current && this.current.prediction.kind !== 'ghost' && this.current.prediction.docKey === key) this.dismiss();
  }

  /** The predicted insertion at this offset, for the ghost-text provider to show. */
  ghostAt(key: string, offset: number): string | undefined {
    const p = this.current?.prediction;
    if (!p || p.kind !== 'ghost' || p.docKey !== key || p.edit.offset !== offset) return undefined;
    return p.edit.newText;
  }

  dispose(): void {
    this.dismiss();
  }

  private cancelPending(): void {
    this.pending?.abort();
    this.pending = undefined;
  }

  private schedule(doc: NextEditDocument): void {
    const controller = new AbortController();
    this.pending = controller;
    void this.run(doc, controller.signal).catch((err: unknown) => this.deps.log.warn(`next edit: ${String(err)}`));
  }

  private async run(doc: NextEditDocument, signal: AbortSignal): Promise<void> {
    const d = this.deps;
    const wait = Math.max(MIN_PAUSE_MS, d.debounce.delayMs());
    if (!(await d.clock.sleep(wait, signal))) return;
    const edits = d.history.recent(doc.key, d.clock.now());
    if (edits.length === 0) return;
    const refusal = d.refusal(doc);
    if (refusal) {
      d.log.debug(`next edit: nothing sent: ${refusal}`);
      return;
    }
    const version = doc.version;
    const window = editWindow(doc, doc.cursor(), d.windowLimits ?? defaultWindowLimits);
    if (!window) {
      d.log.debug(`next edit: nothing sent: the lines around the cursor of ${doc.path} are too long`);
      return;
    }
    const windowChars = window.lines.reduce((n, l) => n + l.length + 1, 0);
    const maxTokens = d.maxOutputTokens ?? Math.ceil(windowChars / 2) + 256;
    const stream = d.client().stream(nextEditRequest(doc.path, doc.languageId, window, edits, maxTokens));
    this.stats.requests++;
    const onAbort = () => stream.cancel();
    signal.addEventListener('abort', onAbort, { once: true });
    const result = await stream.done;
    signal.removeEventListener('abort', onAbort);
    const lastToken = d.clock.now();
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
    if (!predicted.ok) {
      this.stats.dropped++;
      record('failed');
      d.log.warn(`next edit: reply dropped, it does not line up with lines ${window.startLine + 1}-${window.startLine + window.lines.length} of ${doc.path}: ${predicted.reason}`);
      return;
    }
    if (this.pending?.signal === signal) this.pending = undefined;
    if (predicted.edits.length === 0) {
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
    this.queue = [...offsets.filter((e) => e.offset + e.oldText.length >= cursor), ...offsets.filter((e) => e.offset + e.oldText.length < cursor)];
    if (this.showNext(doc)) {
      record('used');
      this.stats.lastTokenToShownMs.push(d.clock.now() - lastToken);
    } else {
      record('abandoned');
    }
  }

  /** Offers the next queued edit if the document still holds the text it replaces. */
  private showNext(doc: NextEditDocument): boolean {
    const edit = this.queue.shift();
    if (!edit) return false;
    const start = doc.positionAt(edit.offset);
    const end = doc.positionAt(edit.offset + edit.oldText.length);
    if (textBetween(doc, start, end) !== edit.oldText) {
      this.deps.log.debug('next edit: the document no longer holds the predicted text; withdrawn');
      this.queue = [];
      return false;
    }
    const prediction: ShownPrediction = { docKey: doc.key, kind: editKind({ start, end, oldText: edit.oldText, newText: edit.newText }, doc.cursor()), edit, start, end, following: this.queue.length };
    this.current = { prediction, origin: edit, typedInto: false };
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
