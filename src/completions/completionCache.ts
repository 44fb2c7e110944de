import { LRUCache } from 'lru-cache';
import type { CompletionEntry } from './completionEntry';
import type { CursorPlace } from './cursorPlace';

export interface CacheLimits {
  maxEntries: number;
  /** Sum of entry sizes (characters of prefix, suffix and text). */
  maxSize: number;
}

export const defaultCacheLimits: CacheLimits = { maxEntries: 256, maxSize: 16 * 1024 * 1024 };

/** An entry that can serve the current document: `typed` is what the user added since its prefix. */
export interface CacheHit {
  entry: CompletionEntry;
  typed: string;
  /** Its text already covers `typed` (else it is still running and agrees so far). */
  ready: boolean;
}

/**
 * A running request is worth waiting for while the user has typed at most this many characters
 * beyond the text it has produced; past that a fresh request is the better bet.
 */
export const MAX_UNCONFIRMED = 4;

/** Characters an editor inserts after the cursor by itself (auto-closing pairs). */
const AUTO_CLOSED = /^[)\]}"'`]{1,3}/;

/**
 * Completions keyed on prefix + exact suffix. Lookup is by longest prefix: an entry serves any
 * document whose prefix extends the entry's prefix by text that the entry's completion starts
 * with (typing through, accepting part of it). Entries live in an LRU bounded in count and
 * size; a per-suffix index sorted by prefix length keeps lookups to a few string compares.
 */
export class CompletionCache {
  private readonly lru: LRUCache<number, CompletionEntry>;
  private readonly bySuffix = new Map<string, CompletionEntry[]>();

  constructor(limits: CacheLimits = defaultCacheLimits) {
    this.lru = new LRUCache<number, CompletionEntry>({
      max: limits.maxEntries,
      maxSize: limits.maxSize,
      sizeCalculation: (e) => Math.max(1, e.size),
      dispose: (entry, _id, reason) => {
        if (reason === 'set') return;
        this.unindex(entry);
        if (reason === 'evict' && entry.running) entry.stream?.cancel();
      },
    });
  }

  get count(): number {
    return this.lru.size;
  }

  add(entry: CompletionEntry): void {
    this.lru.set(entry.id, entry);
    const bucket = this.bySuffix.get(entry.suffix) ?? [];
    let i = bucket.length;
    while (i > 0 && bucket[i - 1].prefix.length > entry.prefix.length) i--;
    bucket.splice(i, 0, entry);
    this.bySuffix.set(entry.suffix, bucket);
  }

  /** Re-measures an entry whose text grew (keeps the size bound honest). */
  update(entry: CompletionEntry): void {
    if (this.lru.has(entry.id)) this.lru.set(entry.id, entry);
  }

  delete(entry: CompletionEntry): void {
    this.lru.delete(entry.id);
  }

  /** Marks an entry as recently used. */
  touch(entry: CompletionEntry): void {
    this.lru.get(entry.id);
  }

  /** Entries that can serve this document state, longest prefix first. */
  lookup(prefix: string, suffix: string): CacheHit[] {
    const hits: CacheHit[] = [];
    for (const s of suffixVariants(suffix)) {
      const bucket = this.bySuffix.get(s);
      if (!bucket) continue;
      for (let i = bucket.length - 1; i >= 0; i--) {
        const hit = matchEntry(bucket[i], prefix);
        if (hit) hits.push(hit);
      }
    }
    return hits.length > 1 ? hits.sort((a, b) => b.entry.prefix.length - a.entry.prefix.length) : hits;
  }

  /**
   * One look for a document state: the entries that can serve it (as lookup), and of `running`
   * the requests it has left (see stillRelevant).
   */
  survey(place: CursorPlace, running: Iterable<CompletionEntry>): { hits: CacheHit[]; left: CompletionEntry[] } {
    const left = [...running].filter((entry) => !stillRelevant(entry, place.prefix, place.suffix));
    return { hits: this.lookup(place.prefix, place.suffix), left };
  }

  private unindex(entry: CompletionEntry): void {
    const bucket = this.bySuffix.get(entry.suffix);
    if (!bucket) return;
    const i = bucket.indexOf(entry);
    if (i >= 0) bucket.splice(i, 1);
    if (bucket.length === 0) this.bySuffix.delete(entry.suffix);
  }
}

/** The suffix itself, and the suffix without closers the editor may have auto-inserted. */
export function suffixVariants(suffix: string): string[] {
  const closers = AUTO_CLOSED.exec(suffix)?.[0] ?? '';
  const out = [suffix];
  for (let k = 1; k <= closers.length; k++) out.push(suffix.slice(k));
  return out;
}

/** Whether `entry` serves `prefix`: the cheap checks first, the long string compare last. */
export function matchEntry(entry: CompletionEntry, prefix: string): CacheHit | undefined {
  const base = entry.prefix.length;
  if (base > prefix.length) return undefined;
  const typedLength = prefix.length - base;
  if (!entry.running && typedLength > entry.rawLength) return undefined;
  if (base > 0 && prefix.charCodeAt(base - 1) !== entry.prefix.charCodeAt(base - 1)) return undefined;
  const typed = prefix.slice(base);
  const text = entry.text;
  const ready = text.startsWith(typed);
  if (!ready && !(entry.running && typed.length - text.length <= MAX_UNCONFIRMED && typed.startsWith(text))) return undefined;
  if (!prefix.startsWith(entry.prefix)) return undefined;
  return { entry, typed, ready };
}

/** Whether a running entry may still become useful: the document is on its way to it or past it. */
export function stillRelevant(entry: CompletionEntry, prefix: string, suffix: string): boolean {
  if (!suffixVariants(suffix).includes(entry.suffix)) return false;
  if (entry.prefix.length >= prefix.length) return entry.prefix.startsWith(prefix);
  return matchEntry(entry, prefix) !== undefined;
}
