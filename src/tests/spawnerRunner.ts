import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { ProcessResult, ProcessRunner } from './processRunner';
import type { FromSpawner, ToSpawner } from './spawnerMessages';
import { killOwned, OWNER_VARIABLE } from './killOwned';
import { killTree } from './spawnProcess';

/** A ProcessRunner whose processes a small spawner program starts; `dispose` stops them all and the spawner. */
export interface SpawnerRunner {
  run: ProcessRunner;
  dispose(): void;
}

interface Pending {
  settle(result: Partial<ProcessResult>): void;
  /** The process group's leader, once the spawner said it runs (where there is no /proc to sweep). */
  pid?: number;
}

const NOTHING: ProcessResult = { code: null, signal: null, stdout: '', stderr: '', timedOut: false, cancelled: false };
/** How long a disposed spawner has to stop its groups and exit before it is killed. */
const EXIT_GRACE_MS = 2_000;

/**
 * Runs processes through the spawner program `script` (dist/spawner.js), started on first use
 * with the host's own Node: forking the extension host, a large process, stalls its event loop
 * (the editor's keystrokes wait) for milliseconds each time; the spawner is small. Same contract as
 * spawnProcess. Should the spawner fail to start or die, the runs under way end with a clear
 * start error, their groups are stopped, and the next run starts a new spawner. No in-process
 * fallback: it would bring the stalls back without a word.
 *
 * A spawner that dies between starting a program and telling its pid (or whose last message is
 * read after its exit) would leave that group running with no time limit. Reporting sooner cannot
 * close that window (the fork always comes first), and a die-with-parent signal is out of Node's
 * reach and would take the group's leader alone; so each spawner's environment carries an owner
 * mark its processes inherit from the fork on, and once the spawner is gone the host kills every
 * process that carries it (Linux, through /proc): no protocol, and a daemon that left its group is
 * found too. The pids the spawner reports stay for the systems without /proc. The host dying is
 * the spawner's cue (its channel closes): it stops its groups and sweeps its own mark.
 */
export function createSpawnerRunner(script: string): SpawnerRunner {
  const pending = new Map<number, Pending>();
  let child: ChildProcess | undefined;
  let nextId = 0;
  let disposed = false;

  const endAll = (patch: Partial<ProcessResult>) => {
    for (const entry of pending.values()) {
      if (entry.pid) killTree(entry.pid);
      entry.settle(patch);
    }
  };
  const lost = (c: ChildProcess, how: string) => {
    if (child !== c) return;
    // An error while it still runs (a signal it could not take): dropped, so it must not run on.
    if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    child = undefined;
    endAll({ startError: `Flint's process spawner stopped (${how}), and the program with it; the next run starts it again` });
  };
  const onMessage = (message: FromSpawner) => {
    const entry = pending.get(message.id);
    if (!entry) return;
    if (message.type === 'started') entry.pid = message.pid;
    else entry.settle(message.result);
  };
  const run: ProcessRunner = ({ signal, ...request }) =>
    new Promise<ProcessResult>((resolve) => {
      if (disposed) return resolve({ ...NOTHING, startError: 'Flint is shutting down: no new process starts' });
      let c: ChildProcess;
      try {
        c = child ??= forkSpawner(script, onMessage, lost);
      } catch (err) {
        return resolve({ ...NOTHING, startError: `Flint's process spawner could not start: ${err instanceof Error ? err.message : String(err)}` });
      }
      const id = ++nextId;
      const send = (message: ToSpawner) => c.connected && c.send(message, (err: Error | null) => err && entry.settle({ startError: `Flint's process spawner did not take the request (${err.message})` }));
      const onAbort = () => send({ type: 'cancel', id });
      const entry: Pending = {
        settle: (patch) => {
          if (pending.get(id) !== entry) return;
          pending.delete(id);
          signal?.removeEventListener('abort', onAbort);
          if (child === c) hold(c, pending.size > 0);
          resolve({ ...NOTHING, ...patch });
        },
      };
      pending.set(id, entry);
      hold(c, true);
      send({ type: 'run', id, request });
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) onAbort();
    });

  const dispose = () => {
    disposed = true;
    const c = child;
    child = undefined;
    endAll({ cancelled: true });
    if (!c) return;
    // Closing the channel makes the spawner stop every group it started, then exit.
    if (c.connected) c.disconnect();
    const last = setTimeout(() => c.exitCode === null && c.signalCode === null && c.kill('SIGKILL'), EXIT_GRACE_MS);
    last.unref();
  };
  return { run, dispose };
}

/** Starts the spawner program with the host's own Node; `lost` hears how it ended, should it end. */
function forkSpawner(script: string, onMessage: (message: FromSpawner) => void, lost: (c: ChildProcess, how: string) => void): ChildProcess {
  if (!existsSync(script)) throw new Error(`${script} is missing: reinstall Flint`);
  const owner = `${process.pid}-${randomBytes(8).toString('hex')}`;
  // No inherited debugger or profiler flags: the spawner is a plain Node program.
  const c = fork(script, [], { execArgv: [], env: { ...process.env, [OWNER_VARIABLE]: owner }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'json' });
  c.on('message', onMessage);
  c.on('error', (err) => lost(c, err.message));
  c.on('exit', (code, signal) => {
    // Whatever it left running (a disposed spawner that had to be killed included).
    killOwned(owner);
    lost(c, signal ? `killed by ${signal}` : `exit code ${code}`);
  });
  return c;
}

/** An idle spawner does not keep a Node program (a test, a bench) alive; the host owns its end. */
function hold(c: ChildProcess, busy: boolean): void {
  if (busy) {
    c.ref();
    c.channel?.ref();
  } else {
    c.unref();
    c.channel?.unref();
  }
}
