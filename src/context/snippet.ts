/** A piece of another file offered to the model as context. */
export interface Snippet {
  path: string;
  /** Plain text of whole lines. */
  text: string;
}
