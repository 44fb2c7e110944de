import type { FileText } from '../context/fitFiles';
import type { InputMessage } from '../transport/modelClient';

/** Stable across requests, so an endpoint can reuse its warmed state for it. */
export const EDIT_INSTRUCTIONS = [
  'You rewrite one region of a source file as the user instructs.',
  'Reply with ONLY the complete rewritten region: the raw code that replaces it, from its first line to its last.',
  'No Markdown code fences, no explanations, nothing before or after the code.',
  'Keep the indentation style of the file; copy lines that need no change exactly.',
  'The surrounding code is context only: never repeat it.',
].join(' ');

/** What the model is shown of the file. */
export interface EditContext {
  path: string;
  languageId: string;
  /** Lines above and below the region (already trimmed to a budget). */
  before: string;
  after: string;
  /** Labelled sections: definitions of the names the region uses, diagnostics in it. */
  related?: string;
}

/** A generation interrupted by a new instruction, given to the next one as a head start. */
export interface EarlierAttempt {
  instruction: string;
  output: string;
}

export interface EditPrompt {
  instructions: string;
  input: InputMessage[];
  /** Rough token count of everything sent (4 characters a token). */
  tokenEstimate: number;
}

export function buildEditPrompt(
  region: readonly string[],
  instruction: string,
  context: EditContext,
  earlier?: EarlierAttempt,
  references: readonly FileText[] = [],
): EditPrompt {
  const parts = [
    ...references.map((f) => `Another file the instruction refers to (context only): ${f.path}\n<file>\n${f.text}\n</file>`),
    ...(context.related ? [`From the project (context only):\n${context.related}`] : []),
    `File: ${context.path} (${context.languageId})`,
    context.before ? `Code above the region (context only):\n<above>\n${context.before}\n</above>` : 'The region starts the file.',
    `The region to rewrite:\n<region>\n${region.join('\n')}\n</region>`,
    context.after ? `Code below the region (context only):\n<below>\n${context.after}\n</below>` : 'The region ends the file.',
  ];
  if (earlier) {
    parts.push(
      `An earlier rewrite for the instruction "${earlier.instruction}" was interrupted after producing:\n<earlier>\n${earlier.output}\n</earlier>\n` +
        'The user changed the instruction. Rewrite the region from its first line for the new instruction, reusing the earlier work where it still fits.',
    );
  }
  parts.push(`Instruction: ${instruction}`);
  const content = parts.join('\n\n');
  return {
    instructions: EDIT_INSTRUCTIONS,
    input: [{ role: 'user', content }],
    tokenEstimate: Math.ceil((EDIT_INSTRUCTIONS.length + content.length) / 4),
  };
}

/** Room for the rewrite: twice the region, and never less than a short function needs. */
export function maxOutputTokensFor(region: readonly string[]): number {
  const chars = region.reduce((n, l) => n + l.length + 1, 0);
  return Math.max(1024, Math.ceil(chars / 2) + 256);
}

/** The lines just above and below the region, up to `budgetChars` characters in all. */
export function surroundingLines(lines: readonly string[], start: number, end: number, budgetChars: number): { before: string; after: string } {
  const before: string[] = [];
  const after: string[] = [];
  let left = budgetChars;
  let up = start - 1;
  let down = end;
  // Alternate two lines above for one below: the code above usually explains the region.
  while (left > 0 && (up >= 0 || down < lines.length)) {
    for (let i = 0; i < 2 && up >= 0 && left > 0; i++, up--) {
      before.push(lines[up]);
      left -= lines[up].length + 1;
    }
    if (down < lines.length && left > 0) {
      after.push(lines[down]);
      left -= lines[down].length + 1;
      down++;
    }
  }
  return { before: before.reverse().join('\n'), after: after.join('\n') };
}
