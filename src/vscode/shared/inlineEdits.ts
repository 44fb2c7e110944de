import type * as vscode from 'vscode';
import type { LineRange } from '../../code/enclosingBlock';
import type { EditSession } from '../../edits/editSession';

/** A document's pending inline edit, as the surfaces that start one see it. */
export interface PendingEdit {
  readonly session: EditSession;
}

/** The pending inline edits (one per document at most), as other surfaces drive them. */
export interface PendingEdits {
  /** A pending edit started, changed state or moved. */
  readonly onDidChange: vscode.Event<void>;
  /** A document gained or lost its pending edit. */
  readonly onDidChangePending: vscode.Event<void>;
  get(document: vscode.TextDocument): PendingEdit | undefined;
  /** The pending edit a command is about: the given document's, else the active editor's. */
  find(uri?: string): PendingEdit | undefined;
  /** Starts a generated edit of `range` for `instruction`. */
  startGenerated(document: vscode.TextDocument, range: LineRange, instruction: string): void;
  /** Shows `text` as a pending edit of `range` (nothing is generated). */
  startGiven(document: vscode.TextDocument, range: LineRange, text: string, label: string): Promise<void>;
}

/**
 * What other surfaces (variants, tests, review, next edit, tasks) use to turn their text into the
 * ordinary pending inline edit: live diff, Accept = one undo step, Reject = the original. The
 * inline edits adapter implements it; the composition root hands it to the others.
 */
export interface InlineEdits {
  readonly controller: PendingEdits;
  /** True when the document has no pending edit; otherwise asks the user to settle it first. */
  free(document: vscode.TextDocument): Promise<boolean>;
}
