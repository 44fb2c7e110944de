/**
 * Code averages close to four characters per token in the tokenizers of current coding models;
 * the budget only needs to be about right, and this runs on every request.
 */
export const CHARS_PER_TOKEN = 4;

export function estimateTokens(text: string): number {
  return tokensForChars(text.length);
}

/** The estimate for `chars` characters of text (for sizes summed without joining the texts). */
export function tokensForChars(chars: number): number {
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

export function charsForTokens(tokens: number): number {
  return Math.max(0, Math.floor(tokens * CHARS_PER_TOKEN));
}
