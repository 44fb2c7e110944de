import { performance } from 'node:perf_hooks';
import { EditSession } from '../src/edits/editSession';
import { silentLogger } from '../src/log/logger';
import type { ModelClient } from '../src/transport/modelClient';
import { CountingDocument } from './countingDocument';

const timers = {
  now: () => performance.now(),
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * One inline edit of `lines` through the extension's edit session on `client`, into an in-memory
 * document: ms from the instruction given to the rewrite's first row in the document (undefined:
 * none within 10 s). The edit is stopped once its first row is in.
 */
export async function timeFirstRow(o: { client: ModelClient; lines: string[]; path: string; instruction: string }): Promise<number | undefined> {
  const doc = new CountingDocument(`${o.lines.join('\n')}\n`);
  let firstRow: number | undefined;
  let shown: () => void = () => undefined;
  const onScreen = new Promise<void>((resolve) => (shown = resolve));
  const sink = {
    apply: (...args: Parameters<CountingDocument['apply']>) => {
      firstRow ??= performance.now();
      shown();
      return doc.apply(...args);
    },
    restore: doc.restore.bind(doc),
    render: doc.render.bind(doc),
  };
  const session = new EditSession(
    { startLine: 0, lines: o.lines, context: { path: o.path, languageId: 'typescript', before: '', after: '' }, files: [o.path] },
    { models: { route: (r) => ({ target: 'fast', reasons: ['bench'], text: r.text }), client: () => o.client, contextTokens: () => 100_000 }, sink, timers, metrics: { record() {} }, log: silentLogger, onChange() {} },
  );
  const t0 = performance.now();
  session.start(o.instruction);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([onScreen, new Promise((r) => (timer = setTimeout(r, 10_000)))]);
  clearTimeout(timer);
  await session.stop();
  return firstRow === undefined ? undefined : firstRow - t0;
}
