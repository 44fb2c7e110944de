/**
 * The source of the review's diagnostics: the review's quick fixes pick them out by it, and the
 * prompts' context leaves them out (the model would only read its own findings back).
 */
export const REVIEW_SOURCE = 'Flint';
