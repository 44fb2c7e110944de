import { killOwned, OWNER_VARIABLE } from './killOwned';
import type { FromSpawner, ToSpawner } from './spawnerMessages';
import { runProcess } from './spawnProcess';

/** The spawner's side of its IPC channel (the process object of a forked Node program). */
export interface SpawnerChannel {
  on(event: 'message', listener: (message: ToSpawner) => void): unknown;
  on(event: 'disconnect', listener: () => void): unknown;
  send?(message: FromSpawner, callback: (err: Error | null) => void): unknown;
  readonly connected?: boolean;
}

export interface SpawnerOptions {
  /** The owner mark the host gave this spawner, kept on every process whatever a request's environment says. */
  owner?: string;
  /** Sends a `started` message; a test holds it back to stand for a spawner killed before it could. */
  report?: (send: () => void) => void;
}

/**
 * Runs the host's requests with the same runner the host would use in-process (own process group,
 * time limit, niceness, output cap) and answers each one. When the channel closes (the host
 * stopped, reloaded or died) it stops every group it started, and what left them carrying its
 * owner mark, and calls `exit`.
 */
export function serveSpawner(channel: SpawnerChannel, exit: () => void, options: SpawnerOptions = {}): void {
  const running = new Map<number, AbortController>();
  const report = options.report ?? ((started) => started());
  // A request's environment may hold the mark of another owner (the host's own, when Flint runs
  // under a Flint task): this spawner's mark wins, so its host finds everything it started.
  const mark: Record<string, string> = options.owner ? { [OWNER_VARIABLE]: options.owner } : {};
  // A send can fail when the host has just gone (EPIPE): a callback takes the error, where an
  // 'error' event would crash the spawner before its 'disconnect' cleanup runs.
  const send = (message: FromSpawner) => {
    if (channel.connected) channel.send?.(message, () => undefined);
  };
  channel.on('message', (message) => {
    if (message.type === 'cancel') return void running.get(message.id)?.abort();
    const { id, request } = message;
    const controller = new AbortController();
    running.set(id, controller);
    const env = { ...request.env, ...mark };
    void runProcess({ ...request, env, signal: controller.signal }, (pid) => report(() => send({ type: 'started', id, pid }))).then((result) => {
      running.delete(id);
      send({ type: 'done', id, result });
    });
  });
  channel.on('disconnect', () => {
    // Aborting kills each group at once (a signal to the group, synchronous on POSIX).
    for (const controller of running.values()) controller.abort();
    // A host that died cannot sweep for what left a group (a daemon in a session of its own).
    if (options.owner) killOwned(options.owner);
    exit();
  });
}
