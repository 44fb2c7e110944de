import { z } from 'zod';

const ms = z.number().nonnegative();

/** Runtime-adjustable behaviour (CLI flags set the start values; tests patch them live). */
export const knobsSchema = z
  .object({
    /** Delay before the first token of every reply. */
    firstTokenDelayMs: ms,
    /** Pacing of the fast model; 0 streams as fast as the engine produces. */
    tokensPerSecond: ms,
    /** Extra first-token delay of the full model, so routing is visible in timings. */
    fullDelayMs: ms,
    /** Pacing of the full model; 0 streams as fast as the engine produces. */
    fullTokensPerSecond: ms,
    /** Upper bound on generated tokens whatever the request asks. */
    maxTokens: z.number().int().positive(),
    /** Bearer token required on every request and handshake; empty for none. */
    token: z.string(),
  })
  .strict();

export type Knobs = z.infer<typeof knobsSchema>;

export function defaultKnobs(engine: string): Knobs {
  const scripted = engine === 'scripted';
  return {
    firstTokenDelayMs: 0,
    tokensPerSecond: scripted ? 1000 : 0,
    fullDelayMs: 300,
    fullTokensPerSecond: scripted ? 250 : 0,
    maxTokens: 4096,
    token: '',
  };
}

/** Applies a partial update after validating it; throws a readable error on bad values. */
export function patchKnobs(knobs: Knobs, patch: unknown): void {
  const parsed = knobsSchema.partial().safeParse(patch);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid knobs at ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  Object.assign(knobs, parsed.data);
}
