import { readFile as readText, stat } from 'node:fs/promises';
import { looksBinary } from '../../context/looksBinary';
import type { TaskTool } from './taskTool';
import { capOutput, intArg } from './taskTool';
import { insidePath } from './workspacePath';

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
  async run(args, ctx) {
    const { abs, rel } = await insidePath(ctx.env, args.path);
    const info = await stat(abs).catch(() => undefined);
    if (!info?.isFile()) return { ok: false, output: `There is no file "${rel}".` };
    if (info.size > MAX_FILE_BYTES) return { ok: false, output: `"${rel}" is ${info.size} bytes, too large to read.` };
    const text = await readText(abs, 'utf8');
    if (looksBinary(text)) return { ok: false, output: `"${rel}" is a binary file.` };
    ctx.seen.set(rel, text);
    const lines = text.split('\n');
    const start = intArg(args, 'start_line') ?? 1;
    const end = Math.min(intArg(args, 'end_line') ?? lines.length, lines.length);
    if (start > lines.length) return { ok: false, output: `"${rel}" has ${lines.length} lines.` };
    const body = lines.slice(start - 1, end).map((l, i) => `${start + i}| ${l}`).join('\n');
    return { ok: true, output: capOutput(`${rel} (lines ${start}-${end} of ${lines.length})\n${body}`, ctx.maxOutputChars) };
  },
};
