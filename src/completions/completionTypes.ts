import type { Snippet } from '../context/snippet';

/** What the editor knows at one keystroke, as plain data. */
export interface CompletionRequest {
  /** Document text before the cursor (the whole document, or a stable window of a huge one). */
  prefix: string;
  /** Document text after the cursor. */
  suffix: string;
  languageId: string;
  /** Workspace-relative or absolute path, used for the deny list and shown to the model. */
  filePath: string;
  /** Snippets of other files; called only when a new model request is needed. */
  snippets: () => Snippet[];
  /** The user asked explicitly (no debounce). */
  explicit: boolean;
  /**
   * The first key where the cursor arrived (moved there, not by typing): nothing there to type
   * through, so no deliberate wait before asking.
   */
  arrived?: boolean;
  /** Aborted when the editor no longer wants this answer (a newer keystroke). */
  signal?: AbortSignal;
  /**
   * When the document change this request answers was seen (engine clock); absent when no edit
   * caused it (the editor asking again, a cursor move).
   */
  changedAt?: number;
}

/** Ghost text to show at the cursor. */
export interface Suggestion {
  /** Text inserted at the cursor. */
  text: string;
  /**
   * Characters after the cursor on the same line that the text replaces (the editor shows them
   * merged into the ghost text), e.g. a closing `)` the suggestion rewrites as `);`.
   */
  replaceSuffix: number;
}

/**
 * Why a request was made: the keystroke's own, the text after a shown one, a cycle's
 * alternative, or the place the cursor arrived at before any key.
 */
export type RequestKind = 'keystroke' | 'speculative' | 'alternative' | 'prefetch';

export type CompletionSource = 'model' | 'cache' | 'typing-through';

/** The answer to one keystroke. */
export interface CompletionResult {
  suggestion: Suggestion;
  source: CompletionSource;
  /** Identifies the suggestion for acceptance tracking. */
  entryId: number;
  timing: CompletionTiming;
}

/** Where the time between the keystroke and the items went (ms). */
export interface CompletionTiming {
  /** Engine called to answer returned. */
  total: number;
  /** Document change to answer returned, when a change caused the request. */
  sinceChange?: number;
  /** Deliberate wait before asking the model. */
  debounce: number;
  /** Waiting for the model: request sent to the delta that completed the suggestion. */
  model: number;
}

/** How much text one suggestion may hold. */
export type CompletionMode = { kind: 'line' } | { kind: 'block'; indent: number };
