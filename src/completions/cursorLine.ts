/** Text of the cursor's line before the cursor. */
export function lineBefore(prefix: string): string {
  return prefix.slice(prefix.lastIndexOf('\n') + 1);
}

/** Text of the cursor's line after the cursor. */
export function lineAfter(suffix: string): string {
  const nl = suffix.indexOf('\n');
  return nl < 0 ? suffix : suffix.slice(0, nl);
}

const TAB_WIDTH = 4;

/** Indentation width of a line in columns (a tab counts as four). */
export function indentWidth(line: string): number {
  let w = 0;
  for (const c of line) {
    if (c === ' ') w++;
    else if (c === '\t') w += TAB_WIDTH;
    else break;
  }
  return w;
}

export function isBlank(line: string): boolean {
  return line.trim() === '';
}

/** The first non-blank line of `text` after its first line (bounded scan), or undefined. */
export function nextContentLine(text: string, maxLines = 50): string | undefined {
  let pos = text.indexOf('\n');
  for (let n = 0; pos >= 0 && n < maxLines; n++) {
    const end = text.indexOf('\n', pos + 1);
    const line = text.slice(pos + 1, end < 0 ? undefined : end);
    if (!isBlank(line)) return line;
    pos = end;
  }
  return undefined;
}

/** The last non-blank line of `text` before its last line (bounded scan), or undefined. */
export function previousContentLine(text: string, maxLines = 50): string | undefined {
  let end = text.lastIndexOf('\n');
  for (let n = 0; end >= 0 && n < maxLines; n++) {
    const start = text.lastIndexOf('\n', end - 1);
    const line = text.slice(start + 1, end);
    if (!isBlank(line)) return line;
    end = start;
  }
  return undefined;
}
