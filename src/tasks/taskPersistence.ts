import { constants } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { replayJournal } from './replayJournal';
import { changeLine, recordChars, wholeLine, type SavedTask } from './taskJournal';
import { ACTIVE_STATES, type TaskRecord } from './taskTypes';

/** Each task as a journal file (see taskJournal) under one folder of the extension's global storage. */
export interface TaskPersistence {
  save(record: TaskRecord): Promise<void>;
  remove(id: string): Promise<void>;
  /** Every saved task; those a closed window left active come back stopped, with why. */
  loadAll(now: number): Promise<TaskRecord[]>;
  /** Resolves when every write asked for so far has landed. */
  flush(): Promise<void>;
}

/** A journal grown past this many times its record's size (and past the floor) is written anew. */
const REWRITE_OVER = 3;
const REWRITE_FLOOR = 64 * 1024;

const safeId = (id: string) => /^[\w-]+$/.test(id);

/** What a task's file holds (none: the next write is the whole record), and its failed writes. */
interface Tracked {
  saved?: SavedTask;
  failures: number;
}

export function filePersistence(dir: string, onError: (message: string) => void): TaskPersistence {
  // One write at a time per task, in order: a slow disk never interleaves two.
  const writing = new Map<string, Promise<void>>();
  const tracked = new Map<string, Tracked>();
  // The folder is made at the first write (and again after a failed one), not at every turn's.
  let folder: Promise<unknown> | undefined;
  const fileOf = (id: string) => join(dir, `${id}.json`);
  const trackedOf = (id: string) => tracked.get(id) ?? tracked.set(id, { failures: 0 }).get(id)!;

  function save(record: TaskRecord): Promise<void> {
    if (!safeId(record.id)) return Promise.resolve();
    const t = trackedOf(record.id);
    const planned = plan(t, record);
    const before = writing.get(record.id) ?? Promise.resolve();
    if (!planned) return before;
    const failures = t.failures;
    const file = fileOf(record.id);
    const next = before.then(async () => {
      let write = planned;
      // Planned before a write that failed: it built on what the file lacks. The whole record
      // goes instead, unless a save since has planned that already.
      if (failures !== t.failures) {
        if (t.saved) return;
        write = plan(t, record)!;
      }
      try {
        await (folder ??= mkdir(dir, { recursive: true }));
        await (write.whole ? replace(file, write.line) : append(file, write.line));
      } catch (err) {
        // The folder may be gone (storage cleaned): the next write makes it again, whole.
        folder = undefined;
        t.saved = undefined;
        t.failures++;
        throw err;
      }
    }).catch((err: unknown) => onError(`task ${record.id} could not be saved: ${err instanceof Error ? err.message : String(err)}`));
    writing.set(record.id, next);
    return next;
  }

  return {
    save,
    async remove(id) {
      if (!safeId(id)) return;
      await (writing.get(id) ?? Promise.resolve());
      tracked.delete(id);
      await rm(fileOf(id), { force: true });
    },
    async flush() {
      await Promise.all(writing.values());
    },
    async loadAll(now) {
      const names = await readdir(dir).catch(() => [] as string[]);
      const records: TaskRecord[] = [];
      const rewrites: Promise<void>[] = [];
      for (const name of names.filter((n) => n.endsWith('.json'))) {
        try {
          const text = await readFile(join(dir, name), 'utf8');
          const { record, lines } = replayJournal(text);
          const loaded = stoppedIfActive(record, now);
          records.push(loaded);
          if (name !== `${record.id}.json` || !safeId(record.id)) continue;
          // A file of exactly one whole line is kept; any other is written anew, in one line.
          tracked.set(record.id, { failures: 0, saved: lines === 1 && text.endsWith('\n') ? { ...wholeLine(record).saved, chars: text.length } : undefined });
          rewrites.push(save(loaded));
        } catch (err) {
          onError(`task file ${name} could not be read and is left as it is: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      await Promise.all(rewrites);
      return records.sort((a, b) => a.createdAt - b.createdAt);
    },
  };
}

/** The line the file needs now, planned at once: the record goes on changing after this call. */
function plan(t: Tracked, record: TaskRecord): { line: string; whole: boolean } | undefined {
  if (t.saved) {
    const line = changeLine(t.saved, record);
    if (line === undefined) return undefined;
    if (t.saved.chars < REWRITE_FLOOR || t.saved.chars < REWRITE_OVER * recordChars(t.saved)) return { line, whole: false };
  }
  const { line, saved } = wholeLine(record, t.saved);
  t.saved = saved;
  return { line, whole: true };
}

/** Written beside it, then renamed over it: a crash mid-write never leaves half a task. */
async function replace(file: string, line: string): Promise<void> {
  const tmp = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, `${line}\n`);
  await rename(tmp, file);
}

/** Added at its end, never creating it: a file removed meanwhile fails the write, and the next is whole. */
async function append(file: string, line: string): Promise<void> {
  const handle = await open(file, constants.O_WRONLY | constants.O_APPEND);
  try {
    await handle.writeFile(`${line}\n`);
  } finally {
    await handle.close();
  }
}

function stoppedIfActive(record: TaskRecord, now: number): TaskRecord {
  if (!ACTIVE_STATES.includes(record.state)) return record;
  const reason = 'the window was closed or reloaded: Resume continues from the last completed turn';
  return { ...record, state: 'stopped', runningSince: undefined, reason, log: [...record.log, { kind: 'status', at: now, text: `stopped: ${reason}` }] };
}
