// The busy run's competing load: one child process that keeps one core busy (as a language
// server indexing or a build would), started and stopped by the bench.
import { waitForLine } from '../test/e2e/harness/processGroup.mjs';

const SPIN = "console.log('spinning'); for (;;) { Math.sqrt(Math.random()); }";

/** Starts the load in its own process group; `stop()` ends it. */
export async function startBusyLoad(groups) {
  const child = groups.spawn(process.execPath, ['-e', SPIN]);
  await waitForLine(child, /spinning/, 10_000, 'busy load');
  return { stop: () => groups.stop(child) };
}
