/** Where a piece of context comes from; each has its own share of a surface's budget and its own section. */
export type ContextSource = 'definitions' | 'diagnostics' | 'edits' | 'viewed' | 'tests';

/** One piece of context offered to a prompt. */
export interface ContextItem {
  source: ContextSource;
  /** Workspace-relative path of the file it comes from. */
  path: string;
  /** Its first line in that file (0-based), when it is a piece of one. */
  line?: number;
  /** What the prompt carries, as it reads there. */
  text: string;
  /** Lines between the focus (cursor, selection, changed lines) and the nearest use; 0 on it. */
  distance: number;
  /** Milliseconds since it was edited or seen; 0 for what is true now (definitions). */
  ageMs: number;
  /** How often its name is used around the focus (1 for what has no name). */
  uses: number;
  /** Items with the same key are one: the first kept wins. */
  key: string;
  /** Whether lines may be dropped from its end to fit (viewed code, long diffs), not just the whole of it. */
  trimmable?: boolean;
}
