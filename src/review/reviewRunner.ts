import type { LineRange } from '../code/enclosingBlock';
import type { Logger } from '../log/logger';
import type { MetricsSink } from '../metrics/requestSample';
import type { ModelClient, ModelStream } from '../transport/modelClient';
import { DirtyLines } from './dirtyLines';
import type { DismissedCode } from './dismissedCode';
import { FindingBook, type Finding } from './findingBook';
import { shiftRange, touches, type LineEdit } from './lineEdit';
import { defaultHunkLimits, reviewHunks, type Hunk, type HunkLimits } from './reviewHunks';
import { REVIEW_INSTRUCTIONS, reviewInput } from './reviewPrompt';
import { parseReviewReply, placeFindings, reviewJsonSchema } from './reviewReply';

/** What a review reads of a document, at the moment it reads it. */
export interface ReviewDocument {
  key: string;
  path: string;
  languageId: string;
  lines(): readonly string[];
}

export interface ReviewRunnerDeps {
  client(): ModelClient;
  log: Logger;
  metrics: MetricsSink;
  beginGeneration(): () => void;
  dismissed: DismissedCode;
  /** The findings of this document changed: show them. */
  publish(key: string): void;
  limits?: HunkLimits;
  /** Labelled context for a hunk (definitions of the names it uses, the editor's diagnostics); none when absent. */
  context?(doc: ReviewDocument, text: readonly string[], hunk: Hunk): string;
}

/** How one hunk's request ended. */
export type HunkOutcome =
  | { kind: 'shown'; findings: number }
  | { kind: 'superseded' }
  | { kind: 'failed'; reason: string }
  | { kind: 'dropped'; reason: string };

interface InFlight {
  hunk: Hunk;
  /** The hunk's changed lines where they are now (edits elsewhere move them). */
  current: LineRange;
  stream: ModelStream;
  superseded: boolean;
}

interface DocState {
  dirty: DirtyLines;
  book: FindingBook;
  inflight: Set<InFlight>;
}

const MAX_OUTPUT_TOKENS = 1500;

/**
 * Review as you go, without the editor: tracks each document's lines changed since its last
 * review, sends them hunk by hunk to the fast model, and keeps the findings in step with edits.
 */
export class ReviewRunner {
  private readonly docs = new Map<string, DocState>();
  private ids = 0;

  constructor(private readonly deps: ReviewRunnerDeps) {}

  /** The document's findings (created on first use). */
  book(key: string): FindingBook {
    return this.state(key).book;
  }

  /** The document's findings, without creating anything for a document never changed. */
  findings(key: string): readonly Finding[] {
    return this.docs.get(key)?.book.all() ?? [];
  }

  /** Whether lines changed since the last review are waiting. */
  hasChanges(key: string): boolean {
    return !this.state(key).dirty.empty;
  }

  requestsInFlight(): number {
    let n = 0;
    for (const s of this.docs.values()) n += s.inflight.size;
    return n;
  }

  /**
   * The document changed (edits in the order the editor applied them). Findings on touched
   * lines are withdrawn at once; a request whose lines changed is dropped and its lines wait
   * for the next review. True when findings were withdrawn.
   */
  edit(key: string, edits: readonly LineEdit[]): boolean {
    const s = this.state(key);
    let withdrawn = false;
    for (const e of edits) {
      for (const f of s.inflight) {
        const moved = shiftRange(f.current, e);
        if (moved) {
          f.current = moved;
          continue;
        }
        if (touches(e, f.current)) this.supersede(s, f);
      }
      s.dirty.edit(e);
      if (s.book.edit(e)) withdrawn = true;
    }
    return withdrawn;
  }

  /** Forgets the lines waiting for review (the document may not be sent). */
  discardChanges(key: string): void {
    this.state(key).dirty.take(0);
  }

  /** The document was closed: stop its requests and drop its findings. */
  forget(key: string): void {
    const s = this.docs.get(key);
    if (!s) return;
    for (const f of s.inflight) {
      f.superseded = true;
      f.stream.cancel();
    }
    this.docs.delete(key);
  }

  /**
   * Reviews what changed since the last review. Requests still running for the document are
   * superseded: their lines go into this review.
   */
  async review(doc: ReviewDocument): Promise<HunkOutcome[]> {
    const s = this.state(doc.key);
    for (const f of [...s.inflight]) this.supersede(s, f);
    const text = doc.lines();
    const { hunks, left } = reviewHunks(s.dirty.take(text.length), text, this.deps.limits ?? defaultHunkLimits);
    for (const r of left) s.dirty.add(r);
    return Promise.all(hunks.map((h) => this.send(doc, s, text, h)));
  }

  private supersede(s: DocState, f: InFlight): void {
    f.superseded = true;
    s.inflight.delete(f);
    s.dirty.add(f.current);
    f.stream.cancel();
  }

  private async send(doc: ReviewDocument, s: DocState, text: readonly string[], hunk: Hunk): Promise<HunkOutcome> {
    const { log } = this.deps;
    const stream = this.deps.client().stream({
      surface: 'review',
      instructions: REVIEW_INSTRUCTIONS,
      input: reviewInput(doc.path, doc.languageId, text, hunk, this.deps.context?.(doc, text, hunk)),
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      temperature: 0,
      jsonSchema: reviewJsonSchema,
      label: 'review',
    });
    const job: InFlight = { hunk, current: { ...hunk.lines }, stream, superseded: false };
    s.inflight.add(job);
    const end = this.deps.beginGeneration();
    let reply = '';
    try {
      for await (const delta of stream) reply += delta;
    } finally {
      end();
    }
    const result = await stream.done;
    s.inflight.delete(job);
    const where = `review ${doc.path}:${hunk.lines.start + 1}-${hunk.lines.end}`;
    const record = (outcome: 'used' | 'abandoned' | 'failed') => this.deps.metrics.record({ surface: 'review', route: 'fast', marks: stream.marks, outcome });
    if (job.superseded || result.status === 'cancelled' || this.docs.get(doc.key) !== s) {
      record('abandoned');
      return { kind: 'superseded' };
    }
    if (result.status === 'failed') {
      // Nothing shown; the lines wait for the next trigger.
      s.dirty.add(job.current);
      const reason = result.error?.message ?? 'the request failed';
      log.warn(`${where}: ${reason}`);
      record('failed');
      return { kind: 'failed', reason };
    }
    const parsed = parseReviewReply(result.text || reply, hunk.lines);
    if (!parsed.ok) {
      log.warn(`${where}: reply dropped, ${parsed.reason}`);
      record('failed');
      return { kind: 'dropped', reason: parsed.reason };
    }
    const lines = doc.lines();
    const placed = placeFindings(parsed.findings, job.current.start - hunk.lines.start, lines.length);
    s.book.supersede(job.current, placed, lines);
    this.deps.publish(doc.key);
    record('used');
    log.info(`${where}: ${placed.length === 0 ? 'no findings' : `${placed.length} finding${placed.length === 1 ? '' : 's'}`}`);
    return { kind: 'shown', findings: placed.length };
  }

  private state(key: string): DocState {
    let s = this.docs.get(key);
    if (!s) {
      s = { dirty: new DirtyLines(), book: new FindingBook(this.deps.dismissed, () => `flint-review-${++this.ids}`), inflight: new Set() };
      this.docs.set(key, s);
    }
    return s;
  }
}
