import { access, readFile } from 'node:fs/promises';
import type { FileProbe } from '../tests/frameworkDetect';

/** The working copy's files read from disk (it is not a workspace folder the editor knows). */
export const nodeProbe: FileProbe = {
  read: (path) => readFile(path, 'utf8').catch(() => undefined),
  exists: (path) => access(path).then(() => true, () => false),
};
