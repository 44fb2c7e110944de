/**
 * One line of a pending edit as it sits in the document: kept as it was, an original line the
 * edit removes, or a new line the edit adds. Original = same + removed rows in order; result =
 * same + added rows in order.
 */
export interface DiffRow {
  kind: 'same' | 'removed' | 'added';
  text: string;
}

/** Contiguous rows of one kind, by index in the region. */
export interface RowSpan {
  start: number;
  count: number;
}
