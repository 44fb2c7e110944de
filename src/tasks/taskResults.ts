// Task results the user has not finished with: change sets under review and the revert records
// of applied ones. Every change is written through at once, so a reload or a crashed extension
// host finds the review where it was; nothing is dropped except by the user.
import type { ChangeSet, WorkspacePath } from './changeSet';
import type { FileOutcome } from './merge/fileOutcome';
import { recordApply, type RevertRecord } from './revert/revertRecord';
import { taskResultsSchema, type TaskResultsJson } from './taskResultsState';

/** Where the state is kept (a JSON file in the workspace's storage in the editor). */
export interface TaskResultsStorage {
  read(): Promise<string | undefined>;
  write(json: string): Promise<void>;
}

export type FileDecision = 'accepted' | 'discarded';

export interface Review {
  readonly changeSet: ChangeSet;
  readonly decided: Readonly<Record<WorkspacePath, FileDecision>>;
}

const toNull = (x: string | undefined) => (x === undefined ? null : x);
const toUndefined = (x: string | null) => (x === null ? undefined : x);

export class TaskResults {
  private reviews = new Map<string, Review>();
  private applied = new Map<string, RevertRecord>();
  private readonly listeners = new Set<() => void>();
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly storage: TaskResultsStorage) {}

  /** Settles when the saved state was read: changes wait for it, so they never overwrite it. */
  private loaded: Promise<void> = Promise.resolve();

  /**
   * Reads the saved state. A damaged file is handed to `damaged` with a readable error (to keep
   * it aside and tell the user) before anything new is saved; the results then start empty.
   */
  load(damaged: (err: Error) => Promise<void>): Promise<void> {
    this.loaded = this.read().catch((err: unknown) => damaged(err instanceof Error ? err : new Error(String(err))));
    return this.loaded;
  }

  /** Settles when the saved state was read (or found damaged). */
  whenLoaded(): Promise<void> {
    return this.loaded.catch(() => undefined);
  }

  private async read(): Promise<void> {
    const json = await this.storage.read();
    if (json === undefined) return;
    let parsed: TaskResultsJson;
    try {
      parsed = taskResultsSchema.parse(JSON.parse(json));
    } catch (err) {
      throw new Error(`The saved task results could not be read (${err instanceof Error ? err.message.split('\n')[0] : String(err)}).`, { cause: err });
    }
    this.reviews = new Map(parsed.reviews.map((r) => [r.changeSet.taskId, r]));
    this.applied = new Map(parsed.applied.map((r) => [r.taskId, { taskId: r.taskId, summary: r.summary, folder: r.folder, files: r.files.map((f) => ({ path: f.path, before: toUndefined(f.before), after: toUndefined(f.after) })) }]));
    this.changed();
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  underReview(): Review[] {
    return [...this.reviews.values()];
  }

  review(taskId: string): Review | undefined {
    return this.reviews.get(taskId);
  }

  revertRecord(taskId: string): RevertRecord | undefined {
    return this.applied.get(taskId);
  }

  /** Task ids with an apply that can be reverted. */
  revertible(): string[] {
    return [...this.applied.keys()];
  }

  async add(changeSet: ChangeSet): Promise<void> {
    await this.loaded;
    if (!this.reviews.has(changeSet.taskId)) this.reviews.set(changeSet.taskId, { changeSet, decided: {} });
    await this.save();
  }

  /** Records what accepting produced (for Revert Task), and a file's decision when whole. */
  async recordApplied(taskId: string, outcomes: readonly FileOutcome[], decided?: { path: WorkspacePath; decision: FileDecision }): Promise<void> {
    await this.loaded;
    if (outcomes.length > 0) this.applied.set(taskId, recordApply(this.applied.get(taskId), taskId, outcomes, this.reviews.get(taskId)?.changeSet ?? this.applied.get(taskId)));
    if (decided) this.decide(taskId, decided.path, decided.decision);
    await this.save();
  }

  /** The review ends when every file is decided; its revert record stays. */
  private decide(taskId: string, path: WorkspacePath, decision: FileDecision): void {
    const review = this.reviews.get(taskId);
    if (!review) return;
    const decided = { ...review.decided, [path]: decision };
    if (review.changeSet.files.every((f) => decided[f.path] !== undefined)) this.reviews.delete(taskId);
    else this.reviews.set(taskId, { ...review, decided });
  }

  /** The user dropped the task's result (Discard All): no review left; an earlier partial apply stays revertible. */
  async discard(taskId: string): Promise<void> {
    await this.loaded;
    this.reviews.delete(taskId);
    await this.save();
  }

  /** After Revert Task: what is left to revert (conflicts the user kept) or nothing. */
  async reverted(taskId: string, left: RevertRecord | undefined): Promise<void> {
    await this.loaded;
    if (left && left.files.length > 0) this.applied.set(taskId, left);
    else this.applied.delete(taskId);
    await this.save();
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  private async save(): Promise<void> {
    const state: TaskResultsJson = {
      version: 1,
      reviews: [...this.reviews.values()].map((r) => ({ changeSet: { ...r.changeSet, files: [...r.changeSet.files] }, decided: { ...r.decided } })),
      applied: [...this.applied.values()].map((r) => ({ taskId: r.taskId, summary: r.summary, folder: r.folder, files: r.files.map((f) => ({ path: f.path, before: toNull(f.before), after: toNull(f.after) })) })),
    };
    const json = JSON.stringify(state);
    // Writes land in order: a slow earlier write never overwrites a later state.
    this.writing = this.writing.catch(() => undefined).then(() => this.storage.write(json));
    this.changed();
    await this.writing;
  }
}
