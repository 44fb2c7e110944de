import * as vscode from 'vscode';
import type { LineRange } from '../../code/lineRange';
import type { FileText } from '../../context/fitFiles';
import { EditSession } from '../../edits/editSession';
import type { LineChange } from '../../edits/regionChange';
import type { EditModels } from '../../rewrite/rewriteTypes';
import { sameFile } from '../../router/fileMentions';
import { namedFiles } from '../../router/namedFiles';
import type { Services } from '../../services';
import { modelLabel } from './editCodeLens';
import type { EditDecorations } from './editDecorations';
import { EditDocumentSink } from './editDocumentSink';
import { editTarget } from '../shared/editTarget';
import { WorkspaceFiles } from '../shared/workspaceFiles';

interface Pending {
  session: EditSession;
  sink: EditDocumentSink;
  range: LineRange;
  /** Ends the status bar's "generating" while this edit streams. */
  endGeneration?: () => void;
}

const realTimers = {
  now: () => performance.now(),
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * The pending inline edits, one per document at most: starts them, feeds them the document's
 * events, keeps the context keys (flint.editPending / flint.editStreaming) and the CodeLens in
 * step, and tells the user how each ended.
 */
export class EditController implements vscode.Disposable {
  private readonly pending = new Map<string, Pending>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  /** A pending edit started, changed state or moved (what the CodeLens shows). */
  readonly onDidChange = this.changed.event;
  private readonly pendingChanged = new vscode.EventEmitter<void>();
  /** A document gained or lost its pending edit. */
  readonly onDidChangePending = this.pendingChanged.event;
  private readonly files: WorkspaceFiles;

  constructor(
    private readonly services: Services,
    private readonly decorations: EditDecorations,
  ) {
    this.files = new WorkspaceFiles(services);
    this.subscriptions.push(
      this.changed,
      this.pendingChanged,
      vscode.workspace.onDidChangeTextDocument((e) => this.onChange(e)),
      vscode.workspace.onDidCloseTextDocument((d) => this.get(d)?.session.cancel('the document was closed')),
      vscode.workspace.onWillSaveTextDocument((e) => {
        this.get(e.document)?.sink.willSave();
      }),
      vscode.workspace.onDidSaveTextDocument((d) => this.get(d)?.sink.saved()),
      vscode.window.onDidChangeVisibleTextEditors(() => this.onVisibleEditors()),
      vscode.window.onDidChangeTextEditorVisibleRanges((e) => this.get(e.textEditor.document)?.sink.scrolled(e.textEditor)),
      vscode.window.onDidChangeActiveTextEditor(() => this.updateContext()),
      vscode.window.tabGroups.onDidChangeTabs((e) => {
        if (e.closed.length > 0) this.cancelTabless();
      }),
    );
  }

  get(document: vscode.TextDocument): Pending | undefined {
    return this.pending.get(document.uri.toString());
  }

  /** The pending edit a command is about: the given document's, else the active editor's. */
  find(uri?: string): Pending | undefined {
    const key = uri ?? vscode.window.activeTextEditor?.document.uri.toString();
    return key ? this.pending.get(key) : undefined;
  }

  /**
   * Starts a generated edit of `range` for `instruction`. Other files the instruction names are
   * read first and sent along (only then is there anything to wait for).
   */
  startGenerated(document: vscode.TextDocument, range: LineRange, instruction: string): void {
    const p = this.create(document, range);
    const self = vscode.workspace.asRelativePath(document.uri, false);
    const others = namedFiles(instruction).filter((n) => !sameFile(n, self));
    if (others.length === 0) {
      this.begin(document, p, instruction, []);
      return;
    }
    void this.files.attach([], others).then(
      (found) => {
        for (const s of found.skipped) this.services.log.info(`edit: not sending ${s}`);
        this.begin(document, p, instruction, found.contexts);
      },
      (err: unknown) => this.begin(document, p, instruction, [], err),
    );
  }

  private begin(document: vscode.TextDocument, p: Pending, instruction: string, references: FileText[], readError?: unknown): void {
    // Cancelled (document closed, another edit) while the references were read.
    if (this.pending.get(document.uri.toString()) !== p) return;
    if (readError) this.services.log.warn(`edit: could not read the files the instruction names: ${String(readError)}`);
    try {
      p.session.start(instruction, undefined, references);
    } catch (err) {
      // No request left: nothing is pending.
      this.pending.delete(document.uri.toString());
      this.pendingChanged.fire();
      this.services.log.error(err instanceof Error ? err : String(err));
      void vscode.window.showErrorMessage(`Flint: the edit could not start: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Shows `text` as a pending edit of `range` (nothing is generated). */
  async startGiven(document: vscode.TextDocument, range: LineRange, text: string, label: string): Promise<void> {
    await this.create(document, range).session.showText(text, label);
  }

  dispose(): void {
    for (const p of this.pending.values()) p.session.cancel('Flint was deactivated');
    for (const s of this.subscriptions) s.dispose();
  }

  private create(document: vscode.TextDocument, range: LineRange): Pending {
    const key = document.uri.toString();
    const sink = new EditDocumentSink(document, this.decorations, this.services.log);
    const models: EditModels = {
      route: (request) => this.services.route(request),
      client: (target) => (target === 'fast' ? this.services.fast() : this.services.full()),
      contextTokens: (target) => this.services.config()[target === 'full' ? 'full.contextTokens' : 'router.fastContextTokens'],
    };
    const pending: Pending = { sink, range, session: undefined as unknown as EditSession };
    let lastState = '';
    pending.session = new EditSession(editTarget(document, range, this.services.context), {
      models,
      sink,
      timers: realTimers,
      metrics: this.services.metrics,
      log: this.services.log,
      onChange: () => {
        const state = pending.session.state;
        // The keys first: the window handles messages in order, so Ctrl+Enter accepts as soon
        // as "edit ready" or the Accept lens shows (before, it could still insert a line).
        this.updateContext();
        if (state !== lastState) this.stateChanged(document, pending, lastState);
        lastState = state;
        this.changed.fire();
      },
    });
    this.pending.set(key, pending);
    this.pendingChanged.fire();
    return pending;
  }

  private stateChanged(document: vscode.TextDocument, p: Pending, previous: string): void {
    const { session } = p;
    const name = vscode.workspace.asRelativePath(document.uri);
    const info = session.info;
    if (session.settled && this.pending.get(document.uri.toString()) === p) {
      this.pending.delete(document.uri.toString());
      this.pendingChanged.fire();
    }
    if (session.state === 'streaming') p.endGeneration ??= this.services.beginGeneration();
    else {
      p.endGeneration?.();
      p.endGeneration = undefined;
    }
    switch (session.state) {
      case 'streaming':
        this.services.log.info(`edit ${name}: "${session.instruction}" → ${modelLabel(session)}`);
        break;
      case 'review':
        if (previous === 'streaming') this.logUpdates(name, p.sink);
        if (previous === 'streaming' || previous === '') {
          vscode.window.setStatusBarMessage(`$(check) Flint: edit ready — ${modelLabel(session)}. ${keys()}`, 8000);
        }
        break;
      case 'failed': {
        const actions = info.error?.code === 'auth' ? ['Retry', 'Set API Key', 'Show Log'] : ['Retry', 'Show Log'];
        void vscode.window
          .showErrorMessage(`Flint: the edit of ${name} failed (${info.note ?? 'unknown error'}). The original code is back.`, ...actions)
          .then((pick) => this.afterFailure(pick, document, { start: session.startLine, end: session.startLine + p.range.end - p.range.start }, session.instruction));
        break;
      }
      case 'accepted':
      case 'rejected':
        this.services.log.info(`edit ${name}: ${session.state}`);
        break;
      case 'cancelled':
        if (info.note && !QUIET_CANCELS.has(info.note)) void vscode.window.showInformationMessage(`Flint: ${info.note}.`);
        break;
      default:
        break;
    }
  }

  /** How costly the stream's document updates were (what a slow machine shows first). */
  private logUpdates(name: string, sink: EditDocumentSink): void {
    const ms = [...sink.updateMs].sort((a, b) => a - b);
    if (ms.length === 0) return;
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))].toFixed(1);
    const cpu = (sink.updateCpuUs / 1000 / ms.length).toFixed(2);
    this.services.log.info(`edit ${name}: ${ms.length} document updates, ${at(0.5)} ms p50, ${at(0.95)} ms p95, ${ms[ms.length - 1].toFixed(1)} ms max each; extension host CPU ${cpu} ms per update`);
  }

  private afterFailure(pick: string | undefined, document: vscode.TextDocument, range: LineRange, instruction: string): void {
    if (pick === 'Set API Key') void vscode.commands.executeCommand('flint.setApiKey');
    if (pick === 'Show Log') void vscode.commands.executeCommand('flint.showLog');
    if (pick !== 'Retry' || document.isClosed || this.get(document)) return;
    // The region where it is now (lines above it may have changed meanwhile), within the document.
    const end = Math.min(range.end, document.lineCount);
    this.startGenerated(document, { start: Math.max(0, Math.min(range.start, end - 1)), end }, instruction);
  }

  private onChange(e: vscode.TextDocumentChangeEvent): void {
    const p = this.get(e.document);
    if (!p) return;
    // Another change to the document would make it dirty again and bring the save question back.
    if (p.sink.revertedUnderneath(e)) p.session.cancel('the file was reverted');
    if (e.contentChanges.length === 0) return;
    const owner = p.sink.claim(e);
    if (owner === 'ownAfterRevert') {
      // Too late to keep the document clean: put the original back, so it is clean again.
      this.services.log.info('edit: the file was reverted while the edit was streaming; the edit was discarded');
      void p.session.reject();
    }
    if (owner !== 'foreign') return;
    const changes: LineChange[] = e.contentChanges.map((c) => ({
      startLine: c.range.start.line,
      startCharacter: c.range.start.character,
      endLine: c.range.end.line,
      endCharacter: c.range.end.character,
      text: c.text,
    }));
    const undoOrRedo = e.reason === vscode.TextDocumentChangeReason.Undo || e.reason === vscode.TextDocumentChangeReason.Redo;
    void p.session.documentChanged(changes, undoOrRedo).then(() => this.changed.fire());
  }

  private onVisibleEditors(): void {
    for (const p of this.pending.values()) {
      if (vscode.window.visibleTextEditors.some((e) => e.document === p.sink.document)) {
        p.sink.redraw();
        p.session.refresh();
      }
    }
    this.updateContext();
  }

  /** A pending edit whose last tab was closed is cancelled (its document may be reverted next). */
  private cancelTabless(): void {
    const open = new Set<string>();
    for (const group of vscode.window.tabGroups.all) {
      for (const tab of group.tabs) {
        if (tab.input instanceof vscode.TabInputText) open.add(tab.input.uri.toString());
      }
    }
    for (const [key, p] of this.pending) if (!open.has(key)) p.session.cancel('the document was closed');
  }

  /** What the window was last told: every stream frame asks, and each message costs the window. */
  private context: { pending?: boolean; streaming?: boolean } = {};

  private updateContext(): void {
    const p = this.find();
    const pending = !!p && !p.session.settled;
    const streaming = p?.session.state === 'streaming';
    if (pending !== this.context.pending) void vscode.commands.executeCommand('setContext', 'flint.editPending', pending);
    if (streaming !== this.context.streaming) void vscode.commands.executeCommand('setContext', 'flint.editStreaming', streaming);
    this.context = { pending, streaming };
  }
}

/** Cancels the user caused knowingly: no message. */
const QUIET_CANCELS = new Set(['the document was closed', 'the file was reverted', 'Flint was deactivated']);

function keys(): string {
  return process.platform === 'darwin' ? '⌘⏎ accepts, ⌘⌫ rejects' : 'Ctrl+Enter accepts, Ctrl+Backspace rejects';
}
