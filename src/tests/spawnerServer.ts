import type { FromSpawner, ToSpawner } from './spawnerMessages';
import { runProcess } from './spawnProcess';

/** The spawner's side of its IPC channel (the process object of a forked Node program). */
export interface SpawnerChannel {
  on(event: 'message', listener: (message: ToSpawner) => void): unknown;
  on(event: 'disconnect', listener: () => void): unknown;
  send?(message: FromSpawner): unknown;
  readonly connected?: boolean;
}

/**
 * Runs the host's requests with the same runner the host would use in-process (own process group,
 * time limit, niceness, output cap) and answers each one. When the channel closes (the host
 * stopped, reloaded or died) it stops every group it started and calls `exit`.
 */
export function serveSpawner(channel: SpawnerChannel, exit: () => void): void {
  const running = new Map<number, AbortController>();
  const send = (message: FromSpawner) => {
    if (channel.connected) channel.send?.(message);
  };
  channel.on('message', (message) => {
    if (message.type === 'cancel') return void running.get(message.id)?.abort();
    const { id, request } = message;
    const controller = new AbortController();
    running.set(id, controller);
    void runProcess({ ...request, signal: controller.signal }, (pid) => send({ type: 'started', id, pid })).then((result) => {
      running.delete(id);
      send({ type: 'done', id, result });
    });
  });
  channel.on('disconnect', () => {
    // Aborting kills each group at once (a signal to the group, synchronous on POSIX).
    for (const controller of running.values()) controller.abort();
    exit();
  });
}
