import { Worker } from 'node:worker_threads';
import { FILE_READER_SOURCE } from './fileReaderSource';

/** What was read: regular files' contents, links' targets, and files the memory budget left on disk. */
export interface FilesRead {
  contents: Map<string, Buffer>;
  links: Map<string, string>;
  large: string[];
}

export interface FileReader {
  /** Reads the listed files (folder-relative) once; at most `budget` bytes are held. */
  read(folder: string, files: readonly string[], budget: number): Promise<FilesRead>;
  /** Ends the worker when `read` is not called (safe to call more than once). */
  close(): void;
}

/** Batches handed over from the worker: large enough to amortize a message, small enough not to over-allocate. */
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Starts the reader's worker now, so that its start overlaps whatever the caller does before it
 * knows the files (listing them); `read` then hands them over. The worker is ended after one read,
 * or after `timeoutMs` (a hung network mount fails the read rather than holding it forever).
 */
export function startFileReader(timeoutMs = 120_000): FileReader {
  const worker = new Worker(FILE_READER_SOURCE, { eval: true });
  worker.unref();
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    void worker.terminate();
  };
  return {
    close,
    async read(folder, files, budget) {
      try {
        return await collect(worker, { folder, files, budget }, timeoutMs);
      } finally {
        close();
      }
    },
  };
}

function collect(worker: Worker, o: { folder: string; files: readonly string[]; budget: number }, timeoutMs: number): Promise<FilesRead> {
  const contents = new Map<string, Buffer>();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`reading the folder's files took over ${Math.round(timeoutMs / 1000)} s`)), timeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      reject(new Error(`the folder's files could not be read: ${err.message}`));
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the reader stopped')));
    worker.on('message', (m: { rels: string[]; ends: number[]; buffer: ArrayBuffer } | { links: [string, string][]; large: string[]; done: true }) => {
      if ('done' in m) {
        clearTimeout(timer);
        resolve({ contents, links: new Map(m.links), large: m.large });
        return;
      }
      // Views over the transferred batch: no copy per file.
      let start = 0;
      m.rels.forEach((rel, i) => {
        contents.set(rel, Buffer.from(m.buffer, start, m.ends[i] - start));
        start = m.ends[i];
      });
    });
    worker.postMessage({ folder: o.folder, files: o.files, budget: o.budget, batchBytes: BATCH_BYTES });
  });
}
