import * as vscode from 'vscode';
import type { CompletionRequest } from '../../completions/completionTypes';
import { PrefetchPolicy } from '../../completions/prefetchPolicy';
import type { Logger } from '../../log/logger';

/**
 * How long the request at an arrival waits for its context at most. Building it from the index
 * takes a few milliseconds; indexing a just-opened file and its imports can take longer, and
 * the request goes out with what is ready then rather than keep the user waiting.
 */
export const ARRIVAL_CONTEXT_WAIT_MS = 25;

export interface ArrivalDeps {
  /** `flint.completions.prefetch`. */
  enabled(): boolean;
  now(): number;
  /** Prepares the context of a place (indexes the file and what it imports, then builds); resolves when it is ready. */
  prepareContext(document: vscode.TextDocument, line: number): Promise<void>;
  /** The engine's request for a place; undefined when ghost text may not be asked for there. */
  requestAt(document: vscode.TextDocument, position: vscode.Position, signal: AbortSignal): CompletionRequest | undefined;
  /** The engine's prefetch: starts the request at once; true once a suggestion is ready for it. */
  prefetch(req: CompletionRequest): Promise<boolean>;
  /** Asks the editor for ghost text at the cursor of `editor`, at `position`. */
  show(editor: vscode.TextEditor, position: vscode.Position): void;
  /** The cursor of `document` moved with no edit (whatever the setting). */
  moved(document: vscode.TextDocument): void;
  log: Logger;
}

/**
 * Ghost text where the cursor arrives (a click, an arrow key, Go to Line) before the first key:
 * the editor asks a provider only after a key, so Flint asks itself. Once the cursor settles at
 * the end of a line, the engine is asked for that place (no request when what is kept serves
 * it; PrefetchPolicy bounds the rest) and the editor is asked to show ghost text there: its ask
 * waits on that request. A move elsewhere cancels what is pending (the editor drops its ask
 * itself) and a request nothing used. Typing moves the cursor too: those moves are not arrivals, and a
 * running prefetch is left to the keys, which type through it.
 */
export function watchArrivals(deps: ArrivalDeps): vscode.Disposable {
  const policy = new PrefetchPolicy();
  // The version each document's last edit made: the selection change that comes with it is the
  // edit's own cursor move, no arrival. One map write and one lookup per keystroke.
  const edited = new WeakMap<vscode.TextDocument, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asking: AbortController | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    asking?.abort();
    asking = undefined;
  };

  const arrive = async (editor: vscode.TextEditor, version: number) => {
    const document = editor.document;
    const position = editor.selection.active;
    const still = () => vscode.window.activeTextEditor === editor && document.version === version && editor.selection.isEmpty && editor.selections.length === 1 && editor.selection.active.isEqual(position);
    if (!still()) return;
    if (!PrefetchPolicy.atLineEnd(document.lineAt(position.line).text.slice(position.character))) return;
    if (!policy.mayAsk({ key: document.uri.toString(), version, offset: document.offsetAt(position) }, deps.now())) return;
    // The first request at a place carries the context of that place: it waits for it, briefly.
    const t0 = deps.now();
    let waited: ReturnType<typeof setTimeout> | undefined;
    const ready = await Promise.race([
      deps.prepareContext(document, position.line).then(() => true),
      new Promise<false>((resolve) => (waited = setTimeout(() => resolve(false), ARRIVAL_CONTEXT_WAIT_MS))),
    ]);
    clearTimeout(waited);
    deps.log.trace(`ghost text on arrival: context ${ready ? 'ready' : 'not ready'} after ${(deps.now() - t0).toFixed(1)} ms`);
    if (!still()) return;
    const controller = new AbortController();
    const req = deps.requestAt(document, position, controller.signal);
    if (!req) return;
    asking = controller;
    const answered = deps.prefetch(req);
    // The request is out: the editor asks now and waits on it, so the suggestion is on screen
    // within a frame of being complete (asking once it is complete costs two more round trips).
    deps.show(editor, position);
    await answered;
    if (asking === controller) asking = undefined;
  };

  const onEdit = vscode.workspace.onDidChangeTextDocument((e) => {
    if (e.contentChanges.length === 0) return;
    edited.set(e.document, e.document.version);
    policy.typedAt(e.document.uri.toString(), e.document.version);
    // Typing after an arrival: no ask is left to make there (a running one is the keys' now).
    clearTimeout(timer);
    timer = undefined;
  });
  const onSelection = vscode.window.onDidChangeTextEditorSelection((e) => {
    const document = e.textEditor.document;
    if (edited.get(document) === document.version) {
      edited.delete(document);
      return;
    }
    cancel();
    deps.moved(document);
    if (!deps.enabled() || e.selections.length !== 1 || !e.selections[0].isEmpty) return;
    const editor = e.textEditor;
    const version = document.version;
    timer = setTimeout(() => {
      timer = undefined;
      arrive(editor, version).catch((err: unknown) => deps.log.debug(`ghost text on arrival failed: ${String(err)}`));
    }, policy.tuning.settleMs);
  });
  return {
    dispose() {
      cancel();
      onEdit.dispose();
      onSelection.dispose();
    },
  };
}
