/** The part of `after` that differs from `before`: replace before[start, end) with `text`. */
export interface MiddleChange {
  start: number;
  end: number;
  text: string;
}

/** The smallest single replacement turning `before` into `after` (common prefix and suffix kept). */
export function middleChange(before: string, after: string): MiddleChange {
  const max = Math.min(before.length, after.length);
  let start = 0;
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let tail = 0;
  while (tail < max - start && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) tail++;
  return { start, end: before.length - tail, text: after.slice(start, after.length - tail) };
}
