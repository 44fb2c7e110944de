import { createHash } from 'node:crypto';
import { DEPENDENCY_FOLDERS } from './workingCopyRecord';

/** A file's git blob id (as `git hash-object` without filters): what a snapshot entry is compared with. */
export function blobId(text: string): string {
  const bytes = Buffer.from(text);
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** Where the tools' writes are noted (a task's environment hands it to them). */
export interface WriteNotes {
  /**
   * A tool wrote `rel` (folder-relative): its text before (null: there was no file; undefined:
   * not known) and after (null: deleted).
   */
  wrote(rel: string, before: string | null | undefined, after: string | null): void;
  /** Something wrote files it cannot name (a command, a test run): the next count asks git. */
  unknownWrites(): void;
}

/** Paths whose changes a tool's note cannot judge alone: ignore rules decide whether they count. */
const ASK_GIT = new RegExp(`(^|/)(${['.gitignore', ...DEPENDENCY_FOLDERS].map((n) => n.replace(/\./g, '\\.')).join('|')})(/|$)`);

/**
 * The files a task has changed against its snapshot, kept from what its tools wrote: a count
 * after a turn of edits starts no process. Only writes nobody named (commands, test runs) make
 * the next count ask git (`fromGit`: the changed paths with their snapshot blob ids, null for a
 * new file), once. A path's snapshot blob is learnt from git or from the text a tool found there
 * while the path was unchanged, so an edit that restores a file's text takes it off the count
 * (unless line-ending conversion makes the snapshot's blob differ from the file's text). A file a
 * tool creates under a path ignored by a .gitignore counts until git is next asked.
 */
export class ChangedFiles implements WriteNotes {
  private changed = new Set<string>();
  private base = new Map<string, string | null>();
  /** The set is exact: no write since the last count went unnamed. */
  private exact: boolean;
  private counting: Promise<number> | undefined;
  private writtenWhileCounting = false;

  /** `fresh`: the copy was just taken, so nothing differs yet; otherwise the first count asks git. */
  constructor(private readonly fromGit: () => Promise<Map<string, string | null>>, fresh: boolean) {
    this.exact = fresh;
  }

  wrote(rel: string, before: string | null | undefined, after: string | null): void {
    this.writtenWhileCounting = this.counting !== undefined;
    if (!this.exact) return;
    if (ASK_GIT.test(rel) || (!this.base.has(rel) && before === undefined)) {
      this.exact = false;
      return;
    }
    // An unchanged path's text before the write is the snapshot's.
    if (!this.base.has(rel) && !this.changed.has(rel)) this.base.set(rel, before === null || before === undefined ? null : blobId(before));
    const now = after === null ? null : blobId(after);
    if (this.base.get(rel) === now) this.changed.delete(rel);
    else this.changed.add(rel);
  }

  unknownWrites(): void {
    this.writtenWhileCounting = this.counting !== undefined;
    this.exact = false;
  }

  /** How many files differ from the snapshot: from the notes, or from git when a write went unnamed. */
  count(): Promise<number> {
    if (this.exact) return Promise.resolve(this.changed.size);
    this.counting ??= this.ask().finally(() => (this.counting = undefined));
    return this.counting;
  }

  private async ask(): Promise<number> {
    this.writtenWhileCounting = false;
    const found = await this.fromGit();
    this.changed = new Set(found.keys());
    this.base = found;
    // A write during the count may be missing from it: the next count asks again.
    this.exact = !this.writtenWhileCounting;
    return this.changed.size;
  }
}
