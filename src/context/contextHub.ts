import type { LineSpan } from '../code/functionSpan';
import type { ContextBlock, ContextRequest } from './contextService';
import type { PromptRecorder } from './promptRecorder';
import type { Snippet } from './snippet';

/**
 * What the surfaces ask for context. Everything it answers was gathered ahead (on pause, on
 * open, on save, with a deadline): asking never waits for a language server or the disk,
 * except `buildForTests`, which reads the test files first (the user asked and waits).
 */
export interface ContextHub {
  /**
   * Ghost text's context for `path`, as snippets (labelled by their section): prepared at the
   * last pause or arrival, or built now from what the index holds when that was for a line far
   * from `line`; the recently viewed code most like `near` when the file is not indexed.
   */
  ghostSnippets(path: string, near: string, line?: number): Snippet[];
  /**
   * Prepares ghost text's context for `line` of the open document `path`: the document and the
   * files it imports indexed first (those not indexed yet), then the context built. Never waits
   * for a language server.
   */
  prepareAt(path: string, line: number): Promise<void>;
  /** Says (in the status bar) that what is sent from `path` had these kinds of secret masked; none clears it. */
  noteMasked(path: string, kinds: readonly string[], part?: 'own' | 'context'): void;
  /** A surface's context for these lines, from what is gathered. */
  build(req: ContextRequest): ContextBlock;
  /** Generated tests' context: the existing tests of `functionName` and the test setup too. */
  buildForTests(req: ContextRequest, functionName: string): Promise<ContextBlock>;
  /** The lines [start, end) of the outermost functions of `path`, as last indexed (none when it is not). */
  functions(path: string): LineSpan[];
  /** The last prompt each surface sent. */
  readonly prompts: PromptRecorder;
}
