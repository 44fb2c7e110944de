import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { startFileReader, type FileReader } from './fileReader';
import { copyInto, eachLimited, insideRelative, type Overlay } from './workingCopyFiles';

/** Most bytes a capture holds in memory; files beyond it are copied to the disk during the capture. */
const MEMORY_BUDGET = 256 * 1024 * 1024;

export interface PlainCaptureInput {
  folder: string;
  /** Where the copy's files go (the copy's root). */
  root: string;
  /** The folder's files to take (folder-relative, deny list already applied). */
  files: readonly string[];
  overlays: readonly Overlay[];
  isDenied(relPath: string): boolean;
  memoryBudget?: number;
  /** A reader started earlier (its start overlaps the listing); one is started otherwise. */
  reader?: FileReader;
}

export interface PlainCapture {
  /** Writes the captured files into the copy's root. */
  materialize(signal: AbortSignal): Promise<void>;
  /** A captured regular file's text (folder-relative); undefined for a link or a file already on disk. */
  text(rel: string): string | undefined;
}

/**
 * The folder as the user sees it, read into memory: the files' contents (unsaved buffers over
 * them) and links' targets, so the user's later edits cannot reach the copy. Reading is fast
 * where creating thousands of files is not: the copy's files are written afterwards.
 */
export async function capturePlain(o: PlainCaptureInput): Promise<PlainCapture> {
  const made = new Map<string, Promise<unknown>>();
  const reader = o.reader ?? startFileReader();
  const [{ contents, links, large }] = await Promise.all([reader.read(o.folder, o.files, o.memoryBudget ?? MEMORY_BUDGET), mkdir(o.root, { recursive: true })]);
  await eachLimited(large, 4, (rel) => copyInto(o.folder, o.root, rel, made).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  }));
  for (const v of o.overlays) {
    const rel = insideRelative(v.path);
    if (rel && !o.isDenied(rel)) {
      links.delete(rel);
      contents.set(rel, Buffer.from(v.text));
    }
  }
  return {
    async materialize(signal) {
      const folderOf = (rel: string) => {
        const d = dirname(join(o.root, rel));
        if (!made.has(d)) made.set(d, mkdir(d, { recursive: true }));
        return made.get(d);
      };
      await eachLimited([...contents.keys()], 32, async (rel) => {
        if (signal.aborted) return;
        await folderOf(rel);
        await writeFile(join(o.root, rel), contents.get(rel)!);
      });
      for (const [rel, target] of links) {
        await folderOf(rel);
        await symlink(target, join(o.root, rel));
      }
      if (signal.aborted) throw new Error('the copy was stopped before it was written');
      contents.clear();
    },
    text: (rel) => contents.get(rel)?.toString('utf8'),
  };
}
