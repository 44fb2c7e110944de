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

/**
 * Recently viewed and edited pieces of other files, newest last. A chunk that nearly repeats a
 * kept one (scrolling a few lines, re-saving) replaces it instead of crowding the ring.
 */
export class SnippetRing {
  private chunks: Chunk[] = [];

  constructor(private readonly options: SnippetRingOptions = defaultSnippetRingOptions) {}

  /** Adds whole lines of a file; lines beyond `maxLines` are dropped from the end. */
  add(path: string, text: string): void {
    if (looksBinary(text)) return;
    const kept = text.split('\n').slice(0, this.options.maxLines).join('\n');
    const lines = lineSet(kept);
    if (lines.size === 0) return;
    this.chunks = this.chunks.filter((c) => jaccard(c.lines, lines) < this.options.duplicateThreshold);
    this.chunks.push({ path, text: kept, lines, words: wordSet(kept) });
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
      .map(({ c }) => ({ path: c.path, text: c.text }));
  }
}
