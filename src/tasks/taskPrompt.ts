/** What the model is told once per task: where it works, how to finish. */
export const TASK_INSTRUCTIONS = [
  'You carry out a coding task in a copy of the user\'s workspace, with the tools given.',
  'Read before you edit; edit with exact search/replace blocks; run the tests when you change code.',
  'The user reviews your changes afterwards: do not ask for confirmation, finish the task.',
  'When done, answer without calling a tool: a short summary of what you changed and why.',
].join('\n');

interface Selection {
  text: string;
  startLine: number;
  endLine: number;
}

/** The task's first message: the instruction and what the surface sent with it (current file, focus, open editors, chat so far). */
export function taskPrompt(instruction: string, context: unknown): string {
  const c = (context && typeof context === 'object' ? context : {}) as { file?: unknown; selection?: Selection; openEditors?: unknown; conversation?: unknown };
  const parts = [`Task: ${instruction}`];
  if (typeof c.file === 'string') parts.push(`Current file: ${c.file}`);
  if (c.selection && typeof c.selection.text === 'string') {
    parts.push(`Focus on lines ${c.selection.startLine + 1}-${c.selection.endLine + 1}${typeof c.file === 'string' ? ` of ${c.file}` : ''}:\n\`\`\`\n${c.selection.text}\n\`\`\``);
  }
  if (Array.isArray(c.openEditors) && c.openEditors.length > 0) parts.push(`Open editors: ${c.openEditors.filter((p) => typeof p === 'string').join(', ')}`);
  if (typeof c.conversation === 'string' && c.conversation !== '') parts.push(`The conversation so far:\n${c.conversation}`);
  return parts.join('\n\n');
}
