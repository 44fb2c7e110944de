// What a background task hands back: every file it touched, as the snapshot it started from and
// as the task left it. The review, the three-way merge and the revert record all read this one
// shape, so a task's result never depends on the working copy still being there.

/** A workspace-relative path with forward slashes, never absolute, never `..`. */
export type WorkspacePath = string;

export type FileChange =
  | { readonly kind: 'modified'; readonly path: WorkspacePath; readonly base: string; readonly task: string }
  | { readonly kind: 'created'; readonly path: WorkspacePath; readonly task: string }
  | { readonly kind: 'deleted'; readonly path: WorkspacePath; readonly base: string }
  | { readonly kind: 'renamed'; readonly from: WorkspacePath; readonly path: WorkspacePath; readonly base: string; readonly task: string };

export interface ChangeSet {
  readonly taskId: string;
  /** The folder the task worked on (absolute): its paths land there. Results kept from before it was recorded land in the first workspace folder. */
  readonly folder?: string;
  /** The task's own closing summary (markdown), shown beside the review. */
  readonly summary: string;
  readonly files: readonly FileChange[];
}
