import type { LineHunk } from './lineMirror';

/** One recent edit of a file: whole lines before and after, and where the cursor was. */
export interface RecordedEdit extends LineHunk {
  /** Milliseconds (the engine's clock) of the last keystroke merged into this edit. */
  at: number;
}

export interface EditHistoryLimits {
  /** Edits older than this are forgotten. */
  maxAgeMs: number;
  /** Edits kept per file (the oldest go first). */
  maxEdits: number;
  /** Characters kept per edit side; longer edits (pastes) keep their first lines only. */
  maxChars: number;
  /** Files remembered (least recently edited go first). */
  maxFiles: number;
}

export const defaultHistoryLimits: EditHistoryLimits = { maxAgeMs: 5 * 60_000, maxEdits: 12, maxChars: 2_000, maxFiles: 20 };

/**
 * The last few minutes of edits per file, as small line hunks. Keystrokes that keep changing
 * the lines of the previous edit extend it, so typing a word is one edit, not five; an edit
 * typed back to where it started disappears.
 */
export class EditHistory {
  private readonly files = new Map<string, RecordedEdit[]>();

  constructor(private readonly limits: EditHistoryLimits = defaultHistoryLimits) {}

  record(file: string, hunk: LineHunk, at: number): void {
    const edits = this.files.get(file) ?? [];
    this.files.delete(file);
    this.files.set(file, edits);
    const last = edits[edits.length - 1];
    const merged = last && merge(last, hunk);
    if (merged) {
      edits.pop();
      if (!sameLines(merged.removed, merged.added)) edits.push({ ...clip(merged, this.limits.maxChars), at });
    } else if (!sameLines(hunk.removed, hunk.added)) {
      edits.push({ ...clip(hunk, this.limits.maxChars), at });
    }
    while (edits.length > this.limits.maxEdits) edits.shift();
    while (this.files.size > this.limits.maxFiles) this.files.delete(this.files.keys().next().value!);
  }

  /** This file's edits younger than the age limit, oldest first. */
  recent(file: string, now: number): RecordedEdit[] {
    const edits = this.files.get(file) ?? [];
    const fresh = edits.filter((e) => now - e.at <= this.limits.maxAgeMs);
    if (fresh.length !== edits.length) this.files.set(file, fresh);
    return fresh;
  }

  forget(file: string): void {
    this.files.delete(file);
  }
}

/** `next` applied after `prev` as one hunk, when `next` only touches lines `prev` produced. */
function merge(prev: LineHunk, next: LineHunk): LineHunk | undefined {
  const offset = next.startLine - prev.startLine;
  if (offset < 0 || offset + next.removed.length > prev.added.length) return undefined;
  const added = [...prev.added.slice(0, offset), ...next.added, ...prev.added.slice(offset + next.removed.length)];
  return { startLine: prev.startLine, removed: prev.removed, added };
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((l, i) => l === b[i]);
}

function clip(hunk: LineHunk, maxChars: number): LineHunk {
  return { startLine: hunk.startLine, removed: clipLines(hunk.removed, maxChars), added: clipLines(hunk.added, maxChars) };
}

function clipLines(lines: readonly string[], maxChars: number): string[] {
  const out: string[] = [];
  let used = 0;
  for (const line of lines) {
    if (used + line.length > maxChars) break;
    out.push(line);
    used += line.length + 1;
  }
  return out;
}
