import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import picomatch from 'picomatch';
import { looksBinary } from '../../context/looksBinary';
import type { ProcessRunner } from '../../tests/processRunner';
import type { TaskEnvironment } from '../taskEnvironment';
import type { TaskTool, ToolContext } from './taskTool';
import { capOutput, stringArg } from './taskTool';
import { walkFiles } from './walkFiles';

const MAX_MATCHES = 200;
const MAX_LINE = 300;
const RG_TIMEOUT_MS = 20_000;

export interface SearchOptions {
  /** The ripgrep program: VS Code's bundled one, or `rg` on the PATH. */
  ripgrep: string;
  run: ProcessRunner;
}

/** Searches with ripgrep (it reads .gitignore itself), or in plain JS when ripgrep cannot start. */
export function searchWorkspace(o: SearchOptions): TaskTool {
  return {
    spec: {
      name: 'search_workspace',
      description: 'Search the workspace files for a regular expression (ripgrep syntax); answers "path:line: text" lines. Optionally only files matching a glob.',
      parameters: {
        type: 'object',
        properties: { pattern: { type: 'string' }, glob: { type: 'string' }, ignore_case: { type: 'boolean' } },
        required: ['pattern'],
        additionalProperties: false,
      },
    },
    async run(args, ctx) {
      const pattern = stringArg(args, 'pattern')!;
      const glob = stringArg(args, 'glob', false);
      const ignoreCase = args.ignore_case === true;
      const hits = (await ripgrep(o, ctx, pattern, glob, ignoreCase)) ?? (await plainSearch(ctx, pattern, glob, ignoreCase));
      if (typeof hits === 'string') return { ok: false, output: hits };
      if (!hits.length) return { ok: true, output: `No match for /${pattern}/.` };
      const more = hits.length > MAX_MATCHES ? `\n(more than ${MAX_MATCHES} matches: narrow the pattern or the glob)` : '';
      return { ok: true, output: capOutput(hits.slice(0, MAX_MATCHES).join('\n') + more, ctx.maxOutputChars) };
    },
  };
}

/** Matching lines, an error message for the model, or undefined when ripgrep is not there. */
async function ripgrep(o: SearchOptions, ctx: ToolContext, pattern: string, glob: string | undefined, ignoreCase: boolean): Promise<string[] | string | undefined> {
  // As list_files sees the tree: .gitignore read in any folder (git repository or not), dot files searched, .git not.
  const argv = [o.ripgrep, '--line-number', '--no-heading', '--null', '--color', 'never', '--no-require-git', '--hidden', '--glob', '!.git/'];
  argv.push('--max-columns', String(MAX_LINE), '--max-count', '50', '--regexp', pattern);
  if (ignoreCase) argv.push('--ignore-case');
  if (glob) argv.push('--glob', glob);
  argv.push('--', '.');
  const r = await o.run({ argv, cwd: ctx.env.root, timeoutMs: RG_TIMEOUT_MS, signal: ctx.signal });
  if (r.startError) return undefined;
  if (r.code === 2 && !r.stdout) return `The search failed: ${r.stderr.trim().split('\n')[0] || 'bad pattern'}`;
  const out: string[] = [];
  for (const line of r.stdout.split('\n')) {
    const nul = line.indexOf('\0');
    if (nul < 0) continue;
    const path = line.slice(0, nul).replace(/^\.\//, '');
    if (ctx.env.isDenied(path)) continue;
    out.push(`${path}:${line.slice(nul + 1).replace(/^(\d+):/, '$1: ')}`);
    if (out.length > MAX_MATCHES) break;
  }
  return out;
}

async function plainSearch(ctx: ToolContext, pattern: string, glob: string | undefined, ignoreCase: boolean): Promise<string[] | string> {
  let re: RegExp;
  try {
    re = new RegExp(pattern, ignoreCase ? 'i' : '');
  } catch (err) {
    return `The search failed: ${(err as Error).message}`;
  }
  const match = glob ? picomatch(glob, { dot: true, matchBase: !glob.includes('/') }) : () => true;
  const { files } = await walkFiles(ctx.env, ctx.signal, 50_000);
  const out: string[] = [];
  for (const f of files) {
    if (ctx.signal.aborted || out.length > MAX_MATCHES) break;
    if (!match(f)) continue;
    const text = await readText(ctx.env, f);
    if (text === undefined) continue;
    const lines = text.split('\n');
    for (let i = 0; i < lines.length && out.length <= MAX_MATCHES; i++) if (re.test(lines[i])) out.push(`${f}:${i + 1}: ${lines[i].slice(0, MAX_LINE)}`);
  }
  return out;
}

async function readText(env: TaskEnvironment, rel: string): Promise<string | undefined> {
  const text = await readFile(join(env.root, rel), 'utf8').catch(() => undefined);
  return text === undefined || text.length > 2_000_000 || looksBinary(text) ? undefined : text;
}
