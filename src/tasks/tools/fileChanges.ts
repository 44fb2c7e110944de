import { mkdir, readFile as readText, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { TaskTool } from './taskTool';
import { stringArg } from './taskTool';
import { checkUserSave } from './userSaveCheck';
import { insidePath } from './workspacePath';

/** Largest file whose text a deletion notes (an edit reads the whole file anyway). */
const NOTED_BYTES = 1_000_000;

export const createFile: TaskTool = {
  spec: {
    name: 'create_file',
    description: 'Create a new workspace file with the given content (folders are created). Fails if the file exists: edit it instead.',
    parameters: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'], additionalProperties: false },
  },
  async run(args, ctx) {
    const { abs, rel } = await insidePath(ctx.env, args.path);
    const content = stringArg(args, 'content')!;
    if (await stat(abs).catch(() => undefined)) return { ok: false, output: `"${rel}" already exists: read it and use edit_file.` };
    await mkdir(dirname(abs), { recursive: true });
    await writeFile(abs, content, { flag: 'wx' });
    ctx.env.changes?.wrote(rel, null, content);
    ctx.seen.set(rel, content);
    return { ok: true, output: `Created ${rel} (${content.split('\n').length} lines).`, changedFiles: true };
  },
};

export const deleteFile: TaskTool = {
  spec: {
    name: 'delete_file',
    description: 'Delete a workspace file.',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false },
  },
  async run(args, ctx) {
    const { abs, rel } = await insidePath(ctx.env, args.path);
    const info = await stat(abs).catch(() => undefined);
    if (!info?.isFile()) return { ok: false, output: `There is no file "${rel}".` };
    // Its text tells whether it was the snapshot's (then the deletion counts as a change); a large one is left to git.
    const before = info.size <= NOTED_BYTES ? await readText(abs, 'utf8').catch(() => undefined) : undefined;
    await rm(abs);
    ctx.env.changes?.wrote(rel, before, null);
    ctx.seen.delete(rel);
    return { ok: true, output: `Deleted ${rel}.`, changedFiles: true };
  },
};

interface Block {
  search: string;
  replace: string;
}

export const editFile: TaskTool = {
  spec: {
    name: 'edit_file',
    description:
      'Edit a workspace file you have read: each edit replaces the exact text `search` (which must occur exactly once in the file, whitespace included) by `replace`. Edits apply in order, all or none.',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        edits: {
          type: 'array',
          items: { type: 'object', properties: { search: { type: 'string' }, replace: { type: 'string' } }, required: ['search', 'replace'], additionalProperties: false },
        },
      },
      required: ['path', 'edits'],
      additionalProperties: false,
    },
  },
  async run(args, ctx) {
    const { abs, rel } = await insidePath(ctx.env, args.path);
    const blocks = editBlocks(args.edits);
    const text = await readText(abs, 'utf8').catch(() => undefined);
    if (text === undefined) return { ok: false, output: `There is no file "${rel}": use create_file for a new one.` };
    const seen = ctx.seen.get(rel);
    if (seen === undefined) return { ok: false, output: `Read "${rel}" with read_file before editing it.` };
    if (seen !== text) {
      ctx.seen.delete(rel);
      return { ok: false, output: `"${rel}" changed since you last read it (a command or test may have rewritten it). Nothing was changed: read it again, then edit.` };
    }
    let next = text;
    for (const [i, b] of blocks.entries()) {
      const at = next.indexOf(b.search);
      if (at < 0) return { ok: false, output: `Edit ${i + 1}: its search text is not in "${rel}" (after the edits before it). Nothing was changed: read the file and copy the text exactly.` };
      if (next.indexOf(b.search, at + 1) >= 0) return { ok: false, output: `Edit ${i + 1}: its search text occurs more than once in "${rel}". Nothing was changed: include more surrounding lines.` };
      next = next.slice(0, at) + b.replace + next.slice(at + b.search.length);
    }
    // The user saved this file since the task began: the edit is checked against their text.
    const saved = await checkUserSave(ctx, rel, text, next);
    if ('refusal' in saved) return { ok: false, output: saved.refusal };
    await writeFile(abs, next);
    ctx.env.changes?.wrote(rel, text, next);
    ctx.seen.set(rel, next);
    return { ok: true, output: `Edited ${rel}: ${blocks.length} change${blocks.length === 1 ? '' : 's'} applied.${saved.note}`, changedFiles: next !== text };
  },
};

function editBlocks(v: unknown): Block[] {
  if (!Array.isArray(v) || !v.length) throw new Error('Argument "edits" must be a non-empty list of {search, replace}.');
  return v.map((b, i) => {
    const o = b as Partial<Block> | null;
    if (!o || typeof o.search !== 'string' || typeof o.replace !== 'string') throw new Error(`Edit ${i + 1} needs "search" and "replace" strings.`);
    if (!o.search) throw new Error(`Edit ${i + 1}: "search" is empty; to add text, include a line it goes next to.`);
    return { search: o.search, replace: o.replace };
  });
}
