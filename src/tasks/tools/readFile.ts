import { readFile as readText, stat } from 'node:fs/promises';
import { looksBinary } from '../../context/looksBinary';
import type { ToolOutcome } from '../toolbox';
import type { TaskTool, ToolContext } from './taskTool';
import { capOutput, intArg } from './taskTool';
import { insidePath, namedPath } from './workspacePath';

/** Larger files are read by range only. */
const MAX_FILE_BYTES = 4_000_000;

export const readFile: TaskTool = {
  spec: {
    name: 'read_file',
    description: 'Read a workspace file, or lines start_line to end_line of it (1-based, inclusive). Lines come numbered as "N| text".',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' }, start_line: { type: 'integer' }, end_line: { type: 'integer' } },
      required: ['path'],
      additionalProperties: false,
    },
  },
  // Served from the snapshot while the copy's files are being written; the other tools wait for the disk.
  beforeDisk: true,
  async run(args, ctx) {
    const named = namedPath(ctx.env, args.path);
    const early = await ctx.env.snapshotText?.(named.rel);
    if (early !== undefined) return lines(named.rel, early, args, ctx);
    await ctx.env.onDisk;
    const { abs, rel } = await insidePath(ctx.env, args.path);
    const info = await stat(abs).catch(() => undefined);
    if (!info?.isFile()) return { ok: false, output: `There is no file "${rel}".` };
    if (info.size > MAX_FILE_BYTES) return { ok: false, output: `"${rel}" is ${info.size} bytes, too large to read.` };
    return lines(rel, await readText(abs, 'utf8'), args, ctx);
  },
};

/** The file's lines asked for, numbered; the text remembered for the edit check. */
function lines(rel: string, text: string, args: Record<string, unknown>, ctx: ToolContext): ToolOutcome {
  if (looksBinary(text)) return { ok: false, output: `"${rel}" is a binary file.` };
  ctx.seen.set(rel, text);
  const all = text.split('\n');
  const start = intArg(args, 'start_line') ?? 1;
  const end = Math.min(intArg(args, 'end_line') ?? all.length, all.length);
  if (start > all.length) return { ok: false, output: `"${rel}" has ${all.length} lines.` };
  const body = all.slice(start - 1, end).map((l, i) => `${start + i}| ${l}`).join('\n');
  return { ok: true, output: capOutput(`${rel} (lines ${start}-${end} of ${all.length})\n${body}`, ctx.maxOutputChars) };
}
