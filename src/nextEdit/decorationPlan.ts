import type { ShownPrediction } from './nextEditEngine';
import type { TextPosition } from './predictedEdit';

/** What the editor draws for one shown prediction (pure, so drawing costs only the editor's calls). */
export interface DecorationPlan {
  /** Text the edit removes: struck through. */
  removed?: { start: TextPosition; end: TextPosition };
  /** Text the edit adds, shown right after what it replaces. */
  inserted?: { at: TextPosition; text: string };
  /** The key hint at the end of the edit's last line. */
  hint: { line: number; text: string };
  /** A far edit: its line is marked, Tab jumps to it. */
  markerLine?: number;
}

/** Longest added text shown beside the old one; the rest is elided. */
const MAX_SHOWN_CHARS = 120;

export function decorationPlan(p: ShownPrediction): DecorationPlan {
  const more = p.following > 0 ? ` (${p.following} more)` : '';
  const hint = p.kind === 'jump' ? `Tab to jump to the next edit, Escape to dismiss${more}` : `Tab to accept, Escape to dismiss${more}`;
  const plan: DecorationPlan = { hint: { line: p.end.line, text: hint } };
  if (p.edit.oldText !== '') plan.removed = { start: p.start, end: p.end };
  if (p.edit.newText !== '') plan.inserted = { at: p.end, text: shown(p.edit.newText) };
  if (p.kind === 'jump') plan.markerLine = p.start.line;
  return plan;
}

/** One line of text: line breaks as ⏎, long text cut with an ellipsis. */
function shown(text: string): string {
  const flat = text.replace(/\r?\n/g, ' ⏎ ');
  return flat.length > MAX_SHOWN_CHARS ? `${flat.slice(0, MAX_SHOWN_CHARS - 1)}…` : flat;
}
