import type { Snippet } from '../context/snippet';

export type FimTemplateName = 'qwen' | 'flint' | 'starcoder2' | 'codestral' | 'deepseek' | 'codellama';

export interface FimPrompt {
  /** The whole prompt for a raw `/v1/completions` request. */
  prompt: string;
  /** Special tokens that end the inserted text when a server prints them. */
  stop: string[];
}

interface Template {
  render(prefix: string, suffix: string): string;
  /** Other files in the model's own repository format, or undefined (then as comments). */
  files?(snippets: Snippet[], currentPath: string): string;
  stop: string[];
}

const templates: Record<FimTemplateName, Template> = {
  // Qwen2.5-Coder: repository-level format with <|repo_name|> and <|file_sep|>.
  qwen: {
    render: (p, s) => `<|fim_prefix|>${p}<|fim_suffix|>${s}<|fim_middle|>`,
    files: (snippets, current) =>
      `<|repo_name|>workspace\n${snippets.map((x) => `<|file_sep|>${x.path}\n${x.text}\n`).join('')}<|file_sep|>${current}\n`,
    stop: ['<|endoftext|>', '<|fim_prefix|>', '<|fim_suffix|>', '<|fim_middle|>', '<|fim_pad|>', '<|file_sep|>', '<|repo_name|>', '<|im_end|>'],
  },
  // flint-code-6m (the model `npm start` serves offline): Qwen's tokens, no repository format.
  flint: {
    render: (p, s) => `<|fim_prefix|>${p}<|fim_suffix|>${s}<|fim_middle|>`,
    stop: ['<|endoftext|>', '<|fim_prefix|>', '<|fim_suffix|>', '<|fim_middle|>'],
  },
  starcoder2: {
    render: (p, s) => `<fim_prefix>${p}<fim_suffix>${s}<fim_middle>`,
    files: (snippets, current) =>
      `<repo_name>workspace${snippets.map((x) => `<file_sep>${x.path}\n${x.text}\n`).join('')}<file_sep>${current}\n`,
    stop: ['<|endoftext|>', '<fim_prefix>', '<fim_suffix>', '<fim_middle>', '<file_sep>'],
  },
  // Codestral puts the suffix first.
  codestral: {
    render: (p, s) => `[SUFFIX]${s}[PREFIX]${p}`,
    stop: ['</s>', '[INST]', '[SUFFIX]', '[PREFIX]', '[MIDDLE]'],
  },
  deepseek: {
    render: (p, s) => `<｜fim▁begin｜>${p}<｜fim▁hole｜>${s}<｜fim▁end｜>`,
    stop: ['<｜end▁of▁sentence｜>', '<｜fim▁begin｜>', '<｜fim▁hole｜>', '<｜fim▁end｜>', '<|EOT|>'],
  },
  codellama: {
    render: (p, s) => `<PRE> ${p} <SUF>${s} <MID>`,
    stop: ['<EOT>', '</s>', '<PRE>', '<SUF>', '<MID>'],
  },
};

export const fimTemplateNames = Object.keys(templates) as FimTemplateName[];

/** Stop tokens of a template (also useful when the server applies the template itself). */
export function fimStops(name: FimTemplateName): string[] {
  return [...templates[name].stop];
}

/**
 * Renders a fill-in-the-middle prompt for a server that does not apply templates itself.
 * Snippets of other files go in the model's repository format when it has one, else in front
 * of the prefix as comments.
 */
export function renderFimPrompt(
  name: FimTemplateName,
  input: { prefix: string; suffix: string; snippets: Snippet[]; path: string; languageId: string },
): FimPrompt {
  const t = templates[name];
  let prefix = input.prefix;
  let head = '';
  if (t.files) head = t.files(input.snippets, input.path);
  else prefix = snippetsAsComments(input.snippets, input.languageId) + prefix;
  return { prompt: head + t.render(prefix, input.suffix), stop: [...t.stop] };
}

const HASH_COMMENT = new Set(['python', 'shellscript', 'ruby', 'perl', 'r', 'yaml', 'toml', 'dockerfile', 'makefile', 'powershell', 'elixir', 'julia', 'coffeescript']);
const DASH_COMMENT = new Set(['sql', 'lua', 'haskell', 'elm', 'ada']);

/** Line comment start of a language (`//` when unknown). */
export function lineComment(languageId: string): string {
  if (HASH_COMMENT.has(languageId)) return '#';
  if (DASH_COMMENT.has(languageId)) return '--';
  return '//';
}

/** Other files as a comment block, for prompts that have no place for them. */
export function snippetsAsComments(snippets: Snippet[], languageId: string): string {
  if (snippets.length === 0) return '';
  const c = lineComment(languageId);
  return snippets
    .map((s) => `${c} Path: ${s.path}\n${s.text.split('\n').map((l) => `${c} ${l}`.trimEnd()).join('\n')}\n`)
    .join('');
}
