import type { ProcessRequest, ProcessResult } from './processRunner';

/** A request as it crosses to the spawner: everything but the AbortSignal, which becomes a `cancel` message. */
export type SpawnRequest = Omit<ProcessRequest, 'signal'>;

/** Host to spawner. Closing the channel (the host stops, reloads or dies) stops every process group and the spawner. */
export type ToSpawner = { type: 'run'; id: number; request: SpawnRequest } | { type: 'cancel'; id: number };

/** Spawner to host: `started` names the group's leader, so the host can still stop the group should the spawner die. */
export type FromSpawner = { type: 'started'; id: number; pid: number } | { type: 'done'; id: number; result: ProcessResult };
