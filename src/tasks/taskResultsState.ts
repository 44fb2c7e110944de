// The persisted form of task results: change sets under review (with what the user already
// decided, file by file) and the revert records of applied ones. Read back through a schema so
// a damaged file is reported, never half-trusted.
import { z } from 'zod';

const path = z.string().min(1);
const fileChange = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('modified'), path, base: z.string(), task: z.string() }),
  z.object({ kind: z.literal('created'), path, task: z.string() }),
  z.object({ kind: z.literal('deleted'), path, base: z.string() }),
  z.object({ kind: z.literal('renamed'), from: path, path, base: z.string(), task: z.string() }),
]);
const changeSet = z.object({ taskId: z.string().min(1), folder: z.string().min(1).optional(), summary: z.string(), files: z.array(fileChange) });
// JSON has no undefined: a missing file is null on disk.
const text = z.string().nullable();
const revertRecord = z.object({ taskId: z.string().min(1), summary: z.string().optional(), folder: z.string().min(1).optional(), files: z.array(z.object({ path, before: text, after: text })) });

export const taskResultsSchema = z.object({
  version: z.literal(1),
  reviews: z.array(
    z.object({
      changeSet,
      /** Paths accepted or discarded as whole files. */
      decided: z.record(z.string(), z.enum(['accepted', 'discarded'])),
    }),
  ),
  applied: z.array(revertRecord),
});

export type TaskResultsJson = z.infer<typeof taskResultsSchema>;
