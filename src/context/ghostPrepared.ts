import type { ContextBlock } from './contextService';

/**
 * Ghost text's context prepared for a line serves the lines this near it; a request farther
 * away sends it still (the file's imports are the same) and has it prepared afresh, after.
 */
export const NEAR_PREPARED_LINES = 8;
/** The cursor settles this long at a far line before its context is prepared (a click, Go to Line, a jump). */
export const MOVE_PREPARE_MS = 30;

export interface GhostPreparedDeps {
  /** Ghost text's context for `line` of `path` from what is gathered now (a few milliseconds); undefined when the document cannot give one. */
  build(path: string, line: number): ContextBlock | undefined;
  /** What the context of `path` is built from, as it stands (the indexed version of the file): a block built from another is prepared anew. */
  stamp(path: string): unknown;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** A block and the line it was prepared for. */
export interface PreparedBlock {
  block: ContextBlock;
  line: number;
  stamp: unknown;
}

/**
 * Ghost text's context per document, prepared off the keystroke path: when the cursor moves to a
 * line far from what is prepared (after it settles briefly), at a pause and on arrival. A request
 * never builds: it takes what is prepared, and a request far from it has the next one prepared
 * soon, so no keystroke waits for a build.
 */
export class GhostPrepared {
  private readonly prepared = new Map<string, PreparedBlock>();
  private timer: unknown;
  private due: { path: string; line: number } | undefined;

  constructor(private readonly deps: GhostPreparedDeps) {}

  /**
   * What a request at `line` of `path` sends: what is prepared (undefined when nothing is). One
   * for a far line, or built before the file was indexed as it is now, is prepared anew soon,
   * after the request.
   */
  at(path: string, line?: number): PreparedBlock | undefined {
    const prepared = this.prepared.get(path);
    if (line !== undefined && (!prepared || this.far(prepared, line) || prepared.stamp !== this.deps.stamp(path)) && !this.isDue(path, line)) this.soon(path, line, 0);
    return prepared;
  }

  /** The cursor is at `line` of `path`: its context is prepared once it settles there, when what is prepared is for a far line. */
  moved(path: string, line: number): void {
    const prepared = this.prepared.get(path);
    if (prepared && !this.far(prepared, line)) {
      if (this.due?.path === path) this.cancel();
      return;
    }
    this.soon(path, line, MOVE_PREPARE_MS);
  }

  /** Prepares the context of `line` of `path` now (after indexing, on a pause or an arrival). */
  prepare(path: string, line: number): PreparedBlock | undefined {
    if (this.due?.path === path) this.cancel();
    const stamp = this.deps.stamp(path);
    const block = this.deps.build(path, line);
    if (!block) return undefined;
    const prepared = { block, line, stamp };
    this.prepared.set(path, prepared);
    return prepared;
  }

  forget(path: string): void {
    this.prepared.delete(path);
    if (this.due?.path === path) this.cancel();
  }

  dispose(): void {
    this.cancel();
  }

  private far(prepared: PreparedBlock, line: number): boolean {
    return Math.abs(prepared.line - line) > NEAR_PREPARED_LINES;
  }

  private isDue(path: string, line: number): boolean {
    return this.due?.path === path && this.due.line === line;
  }

  private soon(path: string, line: number, ms: number): void {
    this.cancel();
    this.due = { path, line };
    this.timer = this.deps.setTimeout(() => {
      this.timer = undefined;
      this.due = undefined;
      this.prepare(path, line);
    }, ms);
  }

  private cancel(): void {
    if (this.timer !== undefined) this.deps.clearTimeout(this.timer);
    this.timer = undefined;
    this.due = undefined;
  }
}
