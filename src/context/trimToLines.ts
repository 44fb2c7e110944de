/** The whole lines from the start of `text` that fit in `maxChars`, and how many there are. */
export function trimToLines(text: string, maxChars: number): { text: string; lines: number } {
  let end = 0;
  let lines = 0;
  for (;;) {
    const nl = text.indexOf('\n', end);
    const next = nl < 0 ? text.length : nl;
    if (next > maxChars) break;
    end = next;
    lines++;
    if (nl < 0) break;
    end = nl + 1;
  }
  return { text: text.slice(0, end).replace(/\n$/, ''), lines };
}
