/** The quickest an open task log is redrawn: a few redraws a second while a model streams. */
export const MIN_LOG_REDRAW_MS = 200;
/** The slowest: a long log still follows its task every couple of seconds. */
export const MAX_LOG_REDRAW_MS = 2_000;
/** Characters a second an open log may send to the editor (each redraw sends the whole text). */
const LOG_CHARS_PER_SECOND = 1_000_000;

/**
 * How long to wait before redrawing an open log of `chars` characters: a read-only document is
 * redrawn whole, so a log of megabytes redrawn five times a second would send the window
 * megabytes a second; the wait grows with the log so the text sent stays near a megabyte a second.
 */
export function logRedrawDelayMs(chars: number): number {
  return Math.min(MAX_LOG_REDRAW_MS, Math.max(MIN_LOG_REDRAW_MS, Math.round((chars / LOG_CHARS_PER_SECOND) * 1000)));
}
