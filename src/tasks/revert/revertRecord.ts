// What Revert Task needs, kept from the moment a task's result is applied: the exact text of
// every file it touched before and after (undefined: no file). Accepting file by file or hunk by
// hunk adds to one record; a path keeps the text it had before the first apply.
import type { WorkspacePath } from '../changeSet';
import type { FileOutcome } from '../merge/fileOutcome';

export interface RevertEntry {
  readonly path: WorkspacePath;
  readonly before: string | undefined;
  readonly after: string | undefined;
}

export interface RevertRecord {
  readonly taskId: string;
  /** The task's summary: names the task once its review is over. */
  readonly summary?: string;
  /** The folder the paths are in (absolute; absent: the first workspace folder). */
  readonly folder?: string;
  readonly files: readonly RevertEntry[];
}

/** `record` (or a new one) with `outcomes` applied on top. */
export function recordApply(record: RevertRecord | undefined, taskId: string, outcomes: readonly FileOutcome[], about: { summary?: string; folder?: string } = record ?? {}): RevertRecord {
  const files = new Map((record?.files ?? []).map((f) => [f.path, f]));
  for (const o of outcomes) {
    const earlier = files.get(o.path);
    files.set(o.path, { path: o.path, before: earlier ? earlier.before : o.before, after: o.after });
  }
  // A path brought back to its first text by a later apply has nothing left to revert.
  const { summary, folder } = about;
  return { taskId, ...(summary !== undefined && { summary }), ...(folder !== undefined && { folder }), files: [...files.values()].filter((f) => f.before !== f.after) };
}
