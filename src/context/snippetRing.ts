import { jaccard, lineSet, wordSet } from './lineSimilarity';
import { looksBinary } from './looksBinary';
import type { Snippet } from './snippet';

interface Chunk extends Snippet {
  lines: Set<string>;
  words: Set<string>;
}

export interface SnippetRingOptions {
  /** Chunks kept; the oldest goes first. */
  capacity: number;
  /** Longest chunk, in lines. */
  maxLines: number;
  /** Chunks at least this similar (Jaccard of line sets) replace each other. */
  duplicateThreshold: number;
}

export const defaultSnippetRingOptions: SnippetRingOptions = { capacity: 16, maxLines: 64, duplicateThreshold: 0.8 };

/** A piece of a kept chunk shorter than this (in lines) is dropped rather than kept apart. */
const MIN_PIECE_LINES = 3;

/**
 * Recently viewed and edited pieces of other files, newest last. A chunk that nearly repeats a
 * kept one (scrolling a few lines, re-saving) replaces it instead of crowding the ring; where
 * their lines are known, chunks of one file never overlap: one that touches or overlaps a kept
 * one joins it when the two fit one chunk, or takes its lines from it.
 */
export class SnippetRing {
  private chunks: Chunk[] = [];

  constructor(private readonly options: SnippetRingOptions = defaultSnippetRingOptions) {}

  /** Adds whole lines of a file, the first of them line `line` (0-based) when known; lines beyond `maxLines` are dropped from the end. */
  add(path: string, text: string, line?: number): void {
    if (looksBinary(text)) return;
    let lines = text.replace(/\n$/, '').split('\n').slice(0, this.options.maxLines);
    let start = line;
    if (start !== undefined) [start, lines] = this.joinOverlapping(path, start, lines);
    const kept = lines.join('\n');
    const set = lineSet(kept);
    if (set.size === 0) return;
    this.chunks = this.chunks.filter((c) => jaccard(c.lines, set) < this.options.duplicateThreshold);
    this.chunks.push(chunk(path, kept, start));
    if (this.chunks.length > this.options.capacity) this.chunks.splice(0, this.chunks.length - this.options.capacity);
  }

  /** Forgets a file (deleted, or newly denied). */
  removePath(path: string): void {
    this.chunks = this.chunks.filter((c) => c.path !== path);
  }

  get size(): number {
    return this.chunks.length;
  }

  /**
   * Chunks of files other than `currentPath`, most relevant to `nearCursor` first (shared
   * identifiers), newer first among equals.
   */
  select(currentPath: string, nearCursor: string, allowed: (path: string) => boolean): Snippet[] {
    const words = wordSet(nearCursor);
    return this.chunks
      .map((c, age) => ({ c, age, score: jaccard(c.words, words) }))
      .filter(({ c }) => c.path !== currentPath && allowed(c.path))
      .sort((a, b) => b.score - a.score || b.age - a.age)
      .map(({ c }) => (c.line === undefined ? { path: c.path, text: c.text } : { path: c.path, text: c.text, line: c.line }));
  }

  /**
   * The lines of a new chunk of `path` at `start`, joined with the kept chunks of that file it
   * touches or overlaps while the whole fits `maxLines` (its own lines win where both have one);
   * a kept chunk too large to join keeps only its lines outside the new one.
   */
  private joinOverlapping(path: string, start: number, lines: string[]): [number, string[]] {
    const others: Chunk[] = [];
    for (const c of this.chunks) {
      const cLines = c.text.split('\n');
      const cStart = c.line;
      if (c.path !== path || cStart === undefined || cStart > start + lines.length || start > cStart + cLines.length) {
        others.push(c);
        continue;
      }
      const from = Math.min(start, cStart);
      const to = Math.max(start + lines.length, cStart + cLines.length);
      if (to - from <= this.options.maxLines) {
        lines = [...cLines.slice(0, Math.max(0, start - cStart)), ...lines, ...cLines.slice(start + lines.length - cStart)];
        start = from;
        continue;
      }
      // Too large to join: the kept chunk keeps its larger piece outside the new lines.
      const before = cLines.slice(0, Math.max(0, start - cStart));
      const after = cLines.slice(Math.max(0, start + lines.length - cStart));
      const piece = before.length >= after.length ? { text: before, line: cStart } : { text: after, line: start + lines.length };
      if (piece.text.length >= MIN_PIECE_LINES) others.push(chunk(path, piece.text.join('\n'), piece.line));
    }
    this.chunks = others;
    return [start, lines];
  }
}

function chunk(path: string, text: string, line: number | undefined): Chunk {
  return { path, text, lines: lineSet(text), words: wordSet(text), ...(line === undefined ? {} : { line }) };
}
