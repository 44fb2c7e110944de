import type { ContextItem } from './contextItem';
import { rebaseEdits, type LineEdit } from './rebaseEdits';

export interface EditLogLimits {
  /** Edits older than this are forgotten. */
  maxAgeMs: number;
  /** Edits kept per file. */
  maxPerFile: number;
  /** Files whose text is kept to compare against (least recently snapped go first). */
  maxFiles: number;
  /** Lines kept of each side of an edit. */
  maxLines: number;
}

export const defaultEditLogLimits: EditLogLimits = { maxAgeMs: 5 * 60_000, maxPerFile: 6, maxFiles: 12, maxLines: 12 };

interface Logged extends LineEdit {
  at: number;
}

/**
 * Recent edits across files, found by comparing each file's text with the text it had at its
 * last snapshot (taken on a pause or when the user leaves the file, never per keystroke). Each
 * edit keeps the line numbers of its own time; reading them moves them through the edits made
 * after, so they name where the lines are now.
 */
export class EditLog {
  private readonly texts = new Map<string, string[]>();
  private readonly edits = new Map<string, Logged[]>();

  constructor(private readonly limits: EditLogLimits = defaultEditLogLimits) {}

  /** Compares `text` with the last snapshot of `path` and records what changed. */
  snapshot(path: string, text: string, now: number): void {
    const lines = text.split('\n');
    const before = this.texts.get(path);
    this.texts.delete(path);
    this.texts.set(path, lines);
    while (this.texts.size > this.limits.maxFiles) {
      const oldest = this.texts.keys().next().value!;
      this.texts.delete(oldest);
      this.edits.delete(oldest);
    }
    if (!before) return;
    const edit = lineDiff(before, lines);
    if (!edit) return;
    const list = this.edits.get(path) ?? [];
    // An edit undone (a revert, a line typed then restored) is no edit: both go.
    const last = list.at(-1);
    if (last && undoes(edit, last)) list.pop();
    else list.push({ ...edit, at: now });
    while (list.length > this.limits.maxPerFile) list.shift();
    this.edits.set(path, list);
  }

  forget(path: string): void {
    this.texts.delete(path);
    this.edits.delete(path);
  }

  /** Edits of files other than `exceptPath`, newest first, as small unified diffs. */
  items(exceptPath: string, now: number): ContextItem[] {
    const out: ContextItem[] = [];
    for (const [path, list] of this.edits) {
      if (path === exceptPath) continue;
      const fresh = list.filter((e) => now - e.at <= this.limits.maxAgeMs);
      rebaseEdits(fresh).forEach((e) => {
        out.push({
          source: 'edits',
          path,
          line: e.startLine,
          text: unifiedDiff(e, this.limits.maxLines),
          distance: 0,
          ageMs: now - e.at,
          uses: 1,
          key: `edits:${path}:${e.at}`,
          trimmable: true,
        });
      });
    }
    return out.sort((a, b) => a.ageMs - b.ageMs);
  }
}

function undoes(edit: LineEdit, earlier: LineEdit): boolean {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((l, i) => l === b[i]);
  return edit.startLine === earlier.startLine && same(edit.removed, earlier.added) && same(edit.added, earlier.removed);
}

/** The one stretch of lines where `after` differs from `before` (common head and tail left out). */
export function lineDiff(before: readonly string[], after: readonly string[]): LineEdit | undefined {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  if (head === before.length && head === after.length) return undefined;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return { startLine: head, removed: before.slice(head, before.length - tail), added: after.slice(head, after.length - tail) };
}

function unifiedDiff(e: LineEdit, maxLines: number): string {
  const clip = (lines: readonly string[], mark: string) => [...lines.slice(0, maxLines).map((l) => mark + l), ...(lines.length > maxLines ? [`${mark}… ${lines.length - maxLines} more lines`] : [])];
  return [`@@ -${e.startLine + 1},${e.removed.length} +${e.startLine + 1},${e.added.length} @@`, ...clip(e.removed, '-'), ...clip(e.added, '+')].join('\n');
}
