import { readFile } from 'node:fs/promises';
import { z } from 'zod';

const matcher = z.union([
  z.string(),
  z.object({ regex: z.string(), flags: z.string().optional() }).strict(),
]);

const scriptedCall = z
  .object({
    name: z.string().min(1),
    /** The call's arguments: an object (sent as its JSON) or the JSON text to send (a template too). */
    arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).default({}),
  })
  .strict();

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
        /** The output of the function call the conversation ends with (never matches one ending otherwise). */
        toolOutput: matcher.optional(),
        /** How many responses the model gave earlier in this conversation, exactly (0: its first). */
        turn: z.number().int().nonnegative().optional(),
      })
      .strict(),
    /**
     * Reply text: `$1`…`$9` are groups of the last regex that matched; `{{user}}` (last user
     * message), `{{firstUser}}`, `{{instructions}}`, `{{prefix}}`, `{{suffix}}`, `{{toolOutput}}`
     * and `{{turn}}` are the request's. An object replies with function calls after its text
     * (to a request that offers tools; else with its text alone); string values in the calls'
     * arguments are templates too.
     */
    reply: z.union([z.string(), z.object({ text: z.string().default(''), calls: z.array(scriptedCall).min(1) }).strict()]),
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
