import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ACTIVE_STATES, type TaskRecord } from './taskTypes';

/** Each task as a JSON file under one folder of the extension's global storage. */
export interface TaskPersistence {
  save(record: TaskRecord): Promise<void>;
  remove(id: string): Promise<void>;
  /** Every saved task; those a closed window left active come back stopped, with why. */
  loadAll(now: number): Promise<TaskRecord[]>;
  /** Resolves when every write asked for so far has landed. */
  flush(): Promise<void>;
}

const safeId = (id: string) => /^[\w-]+$/.test(id);

export function filePersistence(dir: string, onError: (message: string) => void): TaskPersistence {
  // One write at a time per task, the last one winning: a slow disk never interleaves two.
  const writing = new Map<string, Promise<void>>();
  // The folder is made at the first write (and again after a failed one), not at every turn's.
  let folder: Promise<unknown> | undefined;
  return {
    save(record) {
      if (!safeId(record.id)) return Promise.resolve();
      const file = join(dir, `${record.id}.json`);
      const text = JSON.stringify(record);
      const next = (writing.get(record.id) ?? Promise.resolve()).then(async () => {
        try {
          await (folder ??= mkdir(dir, { recursive: true }));
          // Written beside it, then renamed over it: a crash mid-write never leaves half a task.
          const tmp = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
          await writeFile(tmp, text);
          await rename(tmp, file);
        } catch (err) {
          // The folder may be gone (storage cleaned): the next write makes it again.
          folder = undefined;
          throw err;
        }
      }).catch((err: unknown) => onError(`task ${record.id} could not be saved: ${err instanceof Error ? err.message : String(err)}`));
      writing.set(record.id, next);
      return next;
    },
    async remove(id) {
      if (!safeId(id)) return;
      await (writing.get(id) ?? Promise.resolve());
      await rm(join(dir, `${id}.json`), { force: true });
    },
    async flush() {
      await Promise.all(writing.values());
    },
    async loadAll(now) {
      const names = await readdir(dir).catch(() => [] as string[]);
      const records: TaskRecord[] = [];
      for (const name of names.filter((n) => n.endsWith('.json'))) {
        try {
          records.push(stoppedIfActive(JSON.parse(await readFile(join(dir, name), 'utf8')) as TaskRecord, now));
        } catch (err) {
          onError(`task file ${name} could not be read and is left as it is: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      return records.sort((a, b) => a.createdAt - b.createdAt);
    },
  };
}

function stoppedIfActive(record: TaskRecord, now: number): TaskRecord {
  if (!ACTIVE_STATES.includes(record.state)) return record;
  const reason = 'the window was closed or reloaded: Resume continues from the last completed turn';
  return { ...record, state: 'stopped', runningSince: undefined, reason, log: [...record.log, { kind: 'status', at: now, text: `stopped: ${reason}` }] };
}
