import { readFile } from 'node:fs/promises';
import { z } from 'zod';

const matcher = z.union([
  z.string(),
  z.object({ regex: z.string(), flags: z.string().optional() }).strict(),
]);

const rule = z
  .object({
    /** All given fields must match; a string is a substring test. */
    match: z
      .object({
        user: matcher.optional(),
        instructions: matcher.optional(),
        prefix: matcher.optional(),
        suffix: matcher.optional(),
        /** The sampling temperature the request asked for, exactly (never matches a request without one). */
        temperature: z.number().min(0).max(2).optional(),
      })
      .strict(),
    /**
     * Reply text: `$1`…`$9` are groups of the last regex that matched; `{{user}}` (last user
     * message), `{{firstUser}}`, `{{instructions}}`, `{{prefix}}`, `{{suffix}}` are the request's.
     */
    reply: z.string(),
  })
  .strict();

/**
 * Completion replies keyed by the last `chars` characters of a request's text before the cursor,
 * consulted before the rules: one map lookup answers thousands of document states (a typing
 * run's perfect model) where as many regex rules would cost tens of milliseconds per request.
 */
const tails = z
  .object({
    chars: z.number().int().positive(),
    replies: z.record(z.string(), z.string()),
  })
  .strict();

export const scriptFixtureSchema = z
  .object({
    rules: z.array(rule).default([]),
    tails: tails.optional(),
    defaults: z
      .object({
        /** Chat reply when no rule matches; `{{user}}` is the last user message. */
        chat: z.string().default('You said: {{user}}'),
        /** Appended to the closing brackets of a fill-in-the-middle prefix when no rule matches. */
        completion: z.string().default(''),
      })
      .strict()
      .default({ chat: 'You said: {{user}}', completion: '' }),
  })
  .strict();

export type ScriptFixture = z.infer<typeof scriptFixtureSchema>;
export type ScriptFixtureInput = z.input<typeof scriptFixtureSchema>;
export type ScriptRule = ScriptFixture['rules'][number];
export type ScriptMatcher = z.infer<typeof matcher>;

/** Reads and validates a fixture file, naming the file and the bad field on failure. */
export async function loadScriptFixture(path: string): Promise<ScriptFixture> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (err) {
    throw new Error(`Cannot read script fixture ${path}: ${(err as Error).message}`);
  }
  const parsed = scriptFixtureSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid script fixture ${path} at ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  for (const [i, r] of parsed.data.rules.entries()) {
    for (const m of Object.values(r.match)) {
      if (typeof m === 'object' && m) {
        try {
          new RegExp(m.regex, m.flags);
        } catch (err) {
          throw new Error(`Invalid regex in script fixture ${path} rule ${i}: ${(err as Error).message}`);
        }
      }
    }
  }
  return parsed.data;
}
