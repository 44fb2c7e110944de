// The spawner program (dist/spawner.js): started once by the extension host over IPC, it starts
// the processes of tasks and test runs, so the host never forks its own large process for each.
import { OWNER_VARIABLE } from './killOwned';
import { serveSpawner, type SpawnerChannel } from './spawnerServer';

if (!process.send) {
  console.error('the process spawner runs only as a child of the extension (over IPC)');
  process.exit(2);
}
serveSpawner(process as unknown as SpawnerChannel, () => process.exit(0), { owner: process.env[OWNER_VARIABLE] });
