import picomatch from 'picomatch';
import type { TaskTool } from './taskTool';
import { stringArg } from './taskTool';
import { walkFiles } from './walkFiles';

const MAX_LISTED = 2000;
const MAX_WALKED = 50_000;

export const listFiles: TaskTool = {
  spec: {
    name: 'list_files',
    description: 'List the workspace files matching a glob (e.g. "src/**/*.ts"); files ignored by .gitignore are left out.',
    parameters: { type: 'object', properties: { glob: { type: 'string', description: 'Glob relative to the workspace root; "**/*" when omitted.' } }, additionalProperties: false },
  },
  async run(args, ctx) {
    const glob = stringArg(args, 'glob', false)?.trim() || '**/*';
    const match = picomatch(glob, { dot: true });
    const { files, truncated } = await walkFiles(ctx.env, ctx.signal, MAX_WALKED);
    const hits = files.filter((f) => match(f));
    const shown = hits.slice(0, MAX_LISTED);
    const notes = [hits.length > MAX_LISTED ? `(${hits.length - MAX_LISTED} more not shown: use a narrower glob)` : '', truncated ? '(the workspace has more files than were listed)' : ''].filter(Boolean);
    return { ok: true, output: shown.length ? [...shown, ...notes].join('\n') : `No file matches "${glob}".` };
  },
};
