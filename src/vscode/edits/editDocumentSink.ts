import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { DocumentReadOnlyError, type EditSink, type Shown } from '../../edits/editSink';
import { middleChange } from '../../edits/middleChange';
import type { PreviewView } from '../../edits/previewLayout';
import type { RowEdit } from '../../edits/rowEdit';
import { acceptPlan, initialSinkState, nextSinkState, opensStep, restorePlan, revertedBefore, revertedUnderneath, type SinkEvent, type SinkState } from '../../edits/sinkState';
import { toTextReplace, type TextReplace } from '../../edits/textReplace';
import { undoToOriginal } from '../../edits/undoToOriginal';
import type { Logger } from '../../log/logger';
import type { EditDecorations } from './editDecorations';

/** About 1 ms of hashing per batch; larger files keep no history of states. */
const STATES_MAX_CHARS = 500_000;

/** What a change to the document was, as the sink sees it (see claim). */
export type ChangeOwner = 'own' | 'ownAfterRevert' | 'foreign';

/**
 * A pending edit's document in the real editor. Preview batches go through TextEditor.edit
 * with no undo stop between them (the first opens one), so the whole preview plus the final
 * accept batch is ONE undo step. Reject undoes that step when nothing else touched the
 * document, which restores every byte, the saved state and leaves no undo entry.
 *
 * A save (auto-save, typically) closes the editor's undo step mid-stream, so the preview then
 * spans several steps, all of them ours: reject undoes them all, and accept folds them into
 * one, so the promises above still hold. Where the edit stands in the undo history is one
 * SinkState (edits/sinkState.ts).
 */
export class EditDocumentSink implements EditSink {
  private ownChange: { texts: string; applied: () => void } | undefined;
  private state: SinkState = initialSinkState;
  /**
   * Fingerprints of the text after each batch, to undo exactly the edit's steps. Not kept for
   * very large files (hashing each batch would cost too much): there a save mid-stream leaves
   * an accepted edit in several undo steps, and reject puts the original text back as an edit.
   */
  private readonly states: string[] = [];
  private readonly keepStates: boolean;
  private view: PreviewView | null = null;
  private startLine = 0;
  private followLine = -1;
  /** The top line each editor of the document last showed, to tell a scroll up (see scrolled). */
  private readonly tops = new WeakMap<vscode.TextEditor, number>();
  /** The user scrolled up while it streamed: the growing edge is no longer followed. */
  private scrolledAway = false;
  /** The whole document before the edit, to verify (and if need be complete) an undo. */
  private readonly before: string;
  /** Wall time of each document update (extension host and editor round trip), for the log. */
  readonly updateMs: number[] = [];
  /** Extension-host CPU spent in updates, microseconds. */
  updateCpuUs = 0;

  constructor(
    readonly document: vscode.TextDocument,
    private readonly decorations: EditDecorations,
    private readonly log: Logger,
  ) {
    this.before = document.getText();
    this.keepStates = this.before.length <= STATES_MAX_CHARS;
  }

  async apply(edits: RowEdit[], step: 'preview' | 'accept', applied: () => void, show?: Shown): Promise<boolean> {
    const editor = this.editor();
    if (!editor) return false;
    const stopBefore = opensStep(this.state);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const edited = this.edit(editor, this.toReplaces(edits), { undoStopBefore: stopBefore, undoStopAfter: step === 'accept' }, applied);
    // In the same turn as the edit: the messages leave together, and the window renders the new
    // lines with their looks and scroll in one frame, never new lines with the old looks.
    if (show) this.render(show.view, show.startLine);
    const ok = await edited;
    if (ok) {
      this.to('batch');
      if (this.keepStates) this.states.push(fingerprint(this.document.getText()));
      const cpu = process.cpuUsage(cpu0);
      this.updateCpuUs += cpu.user + cpu.system;
      if (this.updateMs.length < 100_000) this.updateMs.push(performance.now() - t0);
      if (step === 'accept' && acceptPlan(this.state) === 'fold') await this.foldSteps(editor);
    }
    return ok;
  }

  /** Replaces the edit's undo steps by one from the original to the accepted text. */
  private async foldSteps(editor: vscode.TextEditor): Promise<void> {
    const accepted = this.document.getText();
    const active = vscode.window.activeTextEditor;
    let back = false;
    if (active?.document === this.document) {
      // Focus the editor so that 'undo' acts on this document (Accept may come from elsewhere).
      await vscode.window.showTextDocument(this.document, { viewColumn: active.viewColumn, preserveFocus: false });
      back = await this.undoToOriginal();
    }
    if (!back) {
      this.log.warn('edit: accepted in several undo steps (the file was saved while the edit streamed)');
      return;
    }
    const change = middleChange(this.before, accepted);
    if (change.start === change.end && change.text === '') return;
    const start = this.document.positionAt(change.start);
    const end = this.document.positionAt(change.end);
    const replace = { startLine: start.line, startCharacter: start.character, endLine: end.line, endCharacter: end.character, text: change.text };
    await this.edit(editor, [replace], { undoStopBefore: true, undoStopAfter: true }, () => {}).catch(() => false);
    // The accepted text must end up in the document whatever happened on the way.
    if (this.document.getText() !== accepted) {
      this.log.warn('edit: the accepted text did not apply in one step; writing it whole');
      await this.replaceAll(accepted, () => {});
    }
  }

  /** Undoes the edit's steps (see undoToOriginal); true when the original is back. */
  private async undoToOriginal(): Promise<boolean> {
    this.to('undoStart');
    try {
      const history = {
        undo: async () => void (await vscode.commands.executeCommand('undo')),
        redo: async () => void (await vscode.commands.executeCommand('redo')),
        text: () => this.document.getText(),
        version: () => this.document.version,
      };
      return await undoToOriginal(history, this.before, this.states, fingerprint);
    } finally {
      this.to('undoEnd');
    }
  }

  async restore(edits: RowEdit[], viaUndo: boolean, applied: () => void): Promise<boolean> {
    const active = vscode.window.activeTextEditor;
    const editor = this.editor();
    const plan = restorePlan(this.state, { viaUndo, edits: edits.length, activeEditor: active?.document === this.document, anyEditor: !!editor });
    switch (plan) {
      case 'undo': {
        // Focus the editor so that 'undo' acts on this document and not on an input box.
        await vscode.window.showTextDocument(this.document, { viewColumn: active!.viewColumn, preserveFocus: false });
        if (await this.undoToOriginal()) {
          applied();
          return true;
        }
        this.log.warn('edit: undo did not restore the original; replacing the document text');
        return this.replaceAll(this.before, applied);
      }
      case 'nothing':
        applied();
        return true;
      case 'edit':
        return this.edit(editor!, this.toReplaces(edits), { undoStopBefore: false, undoStopAfter: true }, applied);
      case 'workspaceEdit': {
        // Hidden editor: a workspace edit still reaches the document.
        const replaces = this.toReplaces(edits);
        const we = new vscode.WorkspaceEdit();
        for (const r of replaces) we.replace(this.document.uri, range(r), r.text);
        return this.track(replaces.map((r) => r.text), applied, () => Promise.resolve(vscode.workspace.applyEdit(we)));
      }
    }
  }

  render(view: PreviewView | null, startLine: number): void {
    this.view = view;
    this.startLine = startLine;
    for (const editor of this.editors()) this.decorations.render(editor, view, startLine);
    this.follow();
  }

  /** Draws the pending state again (an editor for the document became visible). */
  redraw(): void {
    for (const editor of this.editors()) this.decorations.render(editor, this.view, this.startLine);
  }

  /**
   * Whose change this is: one of this sink's own edits (or its undo), which the caller leaves
   * alone, or someone else's, which closes the current undo step. 'ownAfterRevert': the
   * document was clean just before this batch although the preview is in it and no save
   * happened; it was reverted, and the batch made it dirty again (closing with "Don't Save"
   * reverts and then refuses to close a dirty document).
   */
  claim(event: vscode.TextDocumentChangeEvent): ChangeOwner {
    if (this.state.steps.kind === 'undoing') return 'own';
    const own = this.ownChange;
    if (own && own.texts === textsKey(event.contentChanges.map((c) => c.text))) {
      const reverted = revertedBefore(this.state, event.document.isDirty);
      own.applied();
      return reverted ? 'ownAfterRevert' : 'own';
    }
    this.to('foreignChange');
    return 'foreign';
  }

  /** A save is under way: the document turning clean now is that save, not a revert. */
  willSave(): void {
    this.to('willSave');
  }

  /** A save closes the editor's current undo step. */
  saved(): void {
    this.to('saved');
  }

  /**
   * The document turned clean without a save while the preview is in it: it was reverted
   * without reloading (closing a file with "Don't Save" does that just before closing it).
   * Undoing our own steps can come back to the saved text too (auto-save wrote a preview).
   */
  revertedUnderneath(event: vscode.TextDocumentChangeEvent): boolean {
    return event.contentChanges.length === 0 && revertedUnderneath(this.state, event.document.isDirty);
  }

  private to(event: SinkEvent): void {
    this.state = nextSinkState(this.state, event);
  }

  /**
   * An editor of the document scrolled. Following only ever moves the view down, so a move up is
   * the user's, and following stops for good. Seen here, in order, because the visible ranges
   * follow() reads can lag the window on a loaded machine: a reveal sent on them would pull
   * the view back down under the user's wheel.
   */
  scrolled(editor: vscode.TextEditor): void {
    const top = editor.visibleRanges[0]?.start.line;
    if (top === undefined) return;
    const before = this.tops.get(editor);
    this.tops.set(editor, top);
    if (this.view && before !== undefined && top < before) this.scrolledAway = true;
  }

  /** Keeps the growing edge in view while the user watches it (not after they scrolled away). */
  private follow(): void {
    const editor = this.editor();
    if (!editor || !this.view || this.scrolledAway) {
      this.followLine = -1;
      return;
    }
    const line = this.startLine + this.view.focusRow;
    if (line === this.followLine) return;
    const watching = this.followLine < 0 || editor.visibleRanges.some((r) => r.start.line <= this.followLine && this.followLine <= r.end.line);
    this.followLine = line;
    // The line may not be in the document yet (it arrives with the batch sent just before).
    if (!watching) return;
    // In the active editor, scroll vertically only: revealRange also measures the line's text to
    // scroll sideways, a forced layout in the middle of the editor's frame on every update.
    if (editor === vscode.window.activeTextEditor) void vscode.commands.executeCommand('revealLine', { lineNumber: line });
    else editor.revealRange(new vscode.Range(line, 0, line, 0), vscode.TextEditorRevealType.Default);
  }

  private async edit(
    editor: vscode.TextEditor,
    replaces: TextReplace[],
    options: { undoStopBefore: boolean; undoStopAfter: boolean },
    applied: () => void,
  ): Promise<boolean> {
    let changed = false;
    const ok = await this.track(replaces.map((r) => r.text), () => ((changed = true), applied()), async () => {
      try {
        return await editor.edit((b) => {
          for (const r of replaces) b.replace(range(r), r.text);
        }, options);
      } catch (err) {
        // The editor was closed meanwhile: the edit is planned again when one is shown.
        this.log.debug(`edit: editor refused a batch: ${String(err)}`);
        return false;
      }
    });
    // The document reports its change before the edit resolves; a read-only editor resolves
    // true without changing anything.
    if (ok && !changed) throw new DocumentReadOnlyError(vscode.workspace.asRelativePath(this.document.uri));
    return ok;
  }

  private async track(texts: string[], applied: () => void, run: () => Promise<boolean>): Promise<boolean> {
    this.ownChange = { texts: textsKey(texts), applied };
    try {
      return await run();
    } finally {
      this.ownChange = undefined;
    }
  }

  private replaceAll(text: string, applied: () => void): Promise<boolean> {
    const last = this.document.lineAt(this.document.lineCount - 1);
    const we = new vscode.WorkspaceEdit();
    we.replace(this.document.uri, new vscode.Range(0, 0, last.lineNumber, last.text.length), text);
    return this.track([text], applied, () => Promise.resolve(vscode.workspace.applyEdit(we)));
  }

  private toReplaces(edits: RowEdit[]): TextReplace[] {
    const doc = this.document;
    const shape = {
      lineCount: doc.lineCount,
      lineLength: (l: number) => doc.lineAt(l).text.length,
      eol: doc.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n',
    };
    return edits.map((e) => toTextReplace(e, shape));
  }

  private editors(): vscode.TextEditor[] {
    return vscode.window.visibleTextEditors.filter((e) => e.document === this.document);
  }

  private editor(): vscode.TextEditor | undefined {
    const active = vscode.window.activeTextEditor;
    return active?.document === this.document ? active : this.editors()[0];
  }
}

/** Identifies a document text in the edit's history of states. */
function fingerprint(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}

function range(r: TextReplace): vscode.Range {
  return new vscode.Range(r.startLine, r.startCharacter, r.endLine, r.endCharacter);
}

/** Order-free identity of a batch: the editor may report its changes in another order. */
function textsKey(texts: string[]): string {
  return JSON.stringify([...texts].sort());
}
