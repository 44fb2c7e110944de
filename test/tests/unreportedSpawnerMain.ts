// The spawner program as built, except that it never tells its host a started process's pid:
// it stands for a spawner killed between starting a program and reporting it.
import { OWNER_VARIABLE } from '../../src/tests/killOwned';
import { serveSpawner, type SpawnerChannel } from '../../src/tests/spawnerServer';

serveSpawner(process as unknown as SpawnerChannel, () => process.exit(0), { owner: process.env[OWNER_VARIABLE], report: () => undefined });
