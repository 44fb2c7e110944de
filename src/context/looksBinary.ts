/** Bytes of text sampled: enough to catch binary files, cheap enough for every keystroke. */
const SAMPLE = 2048;

/**
 * True for text that is not worth sending to a model: a NUL character, or more than 10% control
 * characters other than tab, newline, carriage return and form feed, in a sample from the start.
 */
export function looksBinary(text: string): boolean {
  const n = Math.min(text.length, SAMPLE);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return true;
    if (c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) control++;
    else if (c === 0xfffd) control++; // replacement character: the file was not valid UTF-8
  }
  return n > 0 && control / n > 0.1;
}
