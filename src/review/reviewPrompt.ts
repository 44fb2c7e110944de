import type { InputMessage } from '../transport/modelClient';
import type { Hunk } from './reviewHunks';

/** Stable, so the warm connection's state is reused from one review to the next. */
export const REVIEW_INSTRUCTIONS = [
  'You are Flint review, a careful code reviewer. You see part of one file: numbered lines, the',
  'ones just changed marked with ">". Report only real problems in the changed lines: bugs, wrong',
  'logic, off-by-one errors, unhandled errors, typos in names, security issues. No style remarks,',
  'no praise, nothing about unchanged lines. Most changes have no problem: then answer with an',
  'empty list.',
  'Answer with JSON only: {"findings":[{"startLine":N,"endLine":N,"severity":"error"|"warning"|"info",',
  '"message":"one sentence","replacement":"the corrected text of lines startLine..endLine" or null}]}.',
  'Line numbers are the ones shown and must be changed lines. A replacement is the whole new text of',
  'those lines (without line numbers or markers), or null when there is no sure fix.',
].join('\n');

/**
 * What one review request says: the file, and the hunk's lines numbered as in the document.
 * `context`: labelled sections (definitions of the names used, the editor's own diagnostics),
 * placed first, so names defined elsewhere are not taken for mistakes.
 */
export function reviewInput(path: string, languageId: string, text: readonly string[], hunk: Hunk, context = ''): InputMessage[] {
  const width = String(hunk.context.end).length;
  const rows: string[] = [];
  for (let i = hunk.context.start; i < hunk.context.end; i++) {
    const mark = i >= hunk.lines.start && i < hunk.lines.end ? '>' : ' ';
    rows.push(`${mark}${String(i + 1).padStart(width)}| ${text[i]}`);
  }
  const span = hunk.lines.end - hunk.lines.start === 1 ? `line ${hunk.lines.start + 1}` : `lines ${hunk.lines.start + 1}-${hunk.lines.end}`;
  const preface = context ? `Context from the project (not to review; the editor already reports the problems listed, do not repeat them):\n${context}\n\n` : '';
  return [{ role: 'user', content: `${preface}File: ${path} (${languageId})\nChanged: ${span}\n\n${rows.join('\n')}\n` }];
}
