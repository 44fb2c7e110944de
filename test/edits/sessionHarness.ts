import { EditSession } from '../../src/edits/editSession';
import { silentLogger } from '../../src/log/logger';
import type { RequestSample } from '../../src/metrics/requestSample';
import type { EditModels } from '../../src/rewrite/rewriteTypes';
import type { RouteRequest } from '../../src/router/routeTypes';
import { FakeModelClient } from '../support/fakeModelClient';
import { ManualTimers, drain } from '../support/manualTimers';
import { MemoryDocument } from '../../support/memoryDocument';

export interface Harness {
  doc: MemoryDocument;
  fast: FakeModelClient;
  full: FakeModelClient;
  timers: ManualTimers;
  session: EditSession;
  samples: RequestSample[];
  routed: RouteRequest[];
  changes: number;
  /** Runs the frame timers and what they start until none is left. */
  drain(): Promise<void>;
}

/** A session on lines [start, end) of an in-memory document, with fake models and a manual clock. */
export function harness(text: string, start: number, end: number): Harness {
  const doc = new MemoryDocument(text);
  const fast = new FakeModelClient({ model: 'fast-model' });
  const full = new FakeModelClient({ model: 'full-model' });
  const timers = new ManualTimers();
  const samples: RequestSample[] = [];
  const routed: RouteRequest[] = [];
  const models: EditModels = {
    route(request) {
      routed.push(request);
      if (request.text.startsWith('/deep ')) return { target: 'full', reasons: ['forced by /deep'], text: request.text.slice(6) };
      return { target: 'fast', reasons: ['fast model: single file'], text: request.text };
    },
    client: (target) => (target === 'fast' ? fast : full),
    contextTokens: (target) => (target === 'full' ? 400_000 : 100_000),
  };
  const h: Harness = {
    doc,
    fast,
    full,
    timers,
    samples,
    routed,
    changes: 0,
    session: undefined as unknown as EditSession,
    drain: () => drain(timers),
  };
  h.session = new EditSession(
    {
      startLine: start,
      lines: doc.lines.slice(start, end),
      context: { path: 'src/a.ts', languageId: 'typescript', before: doc.lines.slice(0, start).join('\n'), after: doc.lines.slice(end).join('\n') },
      files: ['src/a.ts'],
    },
    { models, sink: doc, timers, metrics: { record: (s) => samples.push(s) }, log: silentLogger, onChange: () => h.changes++ },
  );
  return h;
}

/** Original lines must still be in the region in order, and the text outside it untouched. */
export function originalStillThere(h: Harness, original: string): boolean {
  const view = h.doc.view;
  if (!view) return h.doc.text === original;
  const rows = h.doc.lines.slice(h.doc.viewStart, h.doc.viewStart + view.rowCount);
  const hidden = new Set<number>();
  for (const s of [...view.added, ...view.partial]) for (let i = 0; i < s.count; i++) hidden.add(s.start + i);
  const kept = rows.filter((_, i) => !hidden.has(i));
  const rebuilt = [...h.doc.lines.slice(0, h.doc.viewStart), ...kept, ...h.doc.lines.slice(h.doc.viewStart + view.rowCount)];
  return rebuilt.join(h.doc.eol) === original;
}
