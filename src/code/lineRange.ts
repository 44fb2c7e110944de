/** Lines [start, end) of a document: 0-based, `end` exclusive. */
export interface LineRange {
  start: number;
  end: number;
}
