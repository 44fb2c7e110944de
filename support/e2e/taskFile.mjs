// A task's saved file read as the extension reads it (src/tasks/replayJournal.ts: its first line
// the whole record, each further line what a save changed), bundled once from the source so the
// tests read the format through the product's own reader, not a copy of it.
import { buildSync } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let replay;

/** The record a task's file holds (throws on a file cut short in the middle, as the extension does). */
export async function readTaskFile(text) {
  if (!replay) {
    const bundle = buildSync({ entryPoints: [join(root, 'src', 'tasks', 'replayJournal.ts')], bundle: true, write: false, format: 'esm', platform: 'node', logLevel: 'warning' });
    replay = (await import(`data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`)).replayJournal;
  }
  return replay(text).record;
}
