import type { FileProbe } from '../../src/tests/frameworkDetect';

/** An in-memory workspace: absolute path → text. */
export function memoryProbe(files: Record<string, string>): FileProbe & { files: Record<string, string> } {
  return {
    files,
    read: async (p) => files[p],
    exists: async (p) => p in files || Object.keys(files).some((f) => f.startsWith(`${p}/`)),
  };
}
