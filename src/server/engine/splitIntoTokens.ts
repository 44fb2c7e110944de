// Word pieces with their leading space, single punctuation marks and newline runs: close
// enough to a real BPE vocabulary that streaming looks like a model's (about 4 chars a token).
const PIECE = /[ \t]*[\p{L}\p{N}_]{1,6}|[ \t]*[^\s\p{L}\p{N}_]|\n+|[ \t]+/gu;

/** Splits text into token-sized pieces whose concatenation is exactly the input. */
export function splitIntoTokens(text: string): string[] {
  const pieces = text.match(PIECE) ?? [];
  return pieces;
}
