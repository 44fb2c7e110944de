import { CURSOR, REGION_END, REGION_START } from './nextEditPrompt';

/**
 * The predicted region's lines from a reply: code fences, region markers and cursor marks are
 * taken off (models add them despite being told not to). `predictEdits` settles the final line break.
 */
export function readPrediction(reply: string): string[] {
  let text = reply.replace(/\r\n/g, '\n');
  const start = text.indexOf(REGION_START);
  if (start >= 0) text = text.slice(start + REGION_START.length).replace(/^\n/, '');
  const end = text.indexOf(REGION_END);
  // The line break before the end marker separates it from the region (the prompt writes it so):
  // kept, it would read as one more empty line, an insertion nobody predicted.
  if (end >= 0) text = text.slice(0, end).replace(/\n$/, '');
  const fenced = /^\s*```[\w+-]*\n([\s\S]*?)\n?```\s*$/.exec(text);
  if (fenced) text = fenced[1];
  text = text.split(CURSOR).join('');
  return text.split('\n');
}
