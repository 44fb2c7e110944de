/** A piece of another file offered to the model as context. */
export interface Snippet {
  path: string;
  /** Plain text of whole lines. */
  text: string;
  /** Its first line in that file (0-based), when known. */
  line?: number;
  /** The prompt section it belongs to (definitions, recent edits, …); other files' code when absent. */
  section?: string;
}
