/** What a prompt holds (a model request, seen structurally: this layer does not know the transport). */
export interface PromptRequest {
  surface: string;
  model?: string;
  instructions?: string;
  input: readonly { role: string; content: string }[];
  fim?: { prefix: string; suffix: string };
  label?: string;
}

/** The surfaces whose prompts are kept, in the order they are shown. */
export const PROMPT_SURFACES = ['Ghost text', 'Next edit', 'Review', 'Generate Tests', 'Inline edit', 'Variants', 'Chat'] as const;
export type PromptSurface = (typeof PROMPT_SURFACES)[number];

/** Which surface sent a request (tests and variants send inline-edit requests with their own labels). */
export function promptSurfaceOf(request: PromptRequest): PromptSurface {
  if (request.surface === 'completion') return 'Ghost text';
  if (request.surface === 'next-edit') return 'Next edit';
  if (request.surface === 'review') return 'Review';
  if (request.surface === 'chat') return 'Chat';
  if (request.label?.startsWith('tests')) return 'Generate Tests';
  if (request.label?.startsWith('variant')) return 'Variants';
  return 'Inline edit';
}

interface Recorded {
  at: Date;
  model: string;
  request: PromptRequest;
}

/**
 * The last request each surface sent, kept in memory only (it was sent already), so the user
 * can see exactly what a model was shown.
 */
export class PromptRecorder {
  private readonly last = new Map<PromptSurface, Recorded>();

  record(request: PromptRequest, model: string, at = new Date()): void {
    this.last.set(promptSurfaceOf(request), { at, model, request });
  }

  lastOf(surface: PromptSurface): PromptRequest | undefined {
    return this.last.get(surface)?.request;
  }

  /** When `surface` last sent a prompt. */
  sentAt(surface: PromptSurface): Date | undefined {
    return this.last.get(surface)?.at;
  }

  /** The last prompts (of every surface, or of one) as a Markdown document, its parts labelled. */
  render(only?: PromptSurface): string {
    const title = only ? `# Flint: the last ${only} prompt` : '# Flint: the last prompt of each surface';
    const out = [title, '', 'Exactly what was sent, as sent. Sections of context are labelled by where they come from.'];
    for (const surface of only ? [only] : PROMPT_SURFACES) {
      const r = this.last.get(surface);
      out.push('', `## ${surface}`, '');
      if (!r) {
        out.push('Nothing sent yet.');
        continue;
      }
      out.push(`Sent ${r.at.toLocaleTimeString()} to ${r.request.model ?? r.model}${r.request.label ? ` (${r.request.label})` : ''}.`);
      if (r.request.instructions) out.push('', '### Instructions', '', fence(r.request.instructions));
      for (const m of r.request.input) out.push('', `### Input (${m.role})`, '', fence(m.content));
      if (r.request.fim) out.push('', '### Fill-in-the-middle prefix', '', fence(r.request.fim.prefix), '', '### Fill-in-the-middle suffix', '', fence(r.request.fim.suffix));
    }
    return `${out.join('\n')}\n`;
  }
}

/** A fence longer than any run of backticks in `text`, so the text shows as it is. */
function fence(text: string): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const f = '`'.repeat(longest + 1);
  return `${f}text\n${text}\n${f}`;
}
