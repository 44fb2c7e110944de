import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { ProcessRequest, ProcessResult, ProcessRunner } from './processRunner';

/** Most a run keeps of each stream (a runner in a loop must not fill the memory). */
const MAX_OUTPUT = 2_000_000;

/**
 * How long a program's output may stay open after it exited (a process it started in the
 * background still holds it) before its process group is stopped and the run ends.
 */
export const LEFT_BEHIND_GRACE_MS = 1_000;

/** Whether any process of the group `pgid` still runs (POSIX). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (err) {
    // EPERM: a member runs as another user (it setuid'd); it is still there.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Stops a process and everything it started: its process group on POSIX (it leads one), its
 * process tree on Windows (taskkill /T).
 */
export function killTree(pid: number, platform: NodeJS.Platform = process.platform): void {
  try {
    if (platform === 'win32') spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true }).on('error', () => undefined);
    else process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** The programs that lower a process's priority before it runs; null where there is none. */
export interface PriorityPrograms {
  /** POSIX `nice`. */
  nice: string | null;
  /** util-linux `chrt`, where it may set the idle scheduling class (Linux). */
  chrt: string | null;
}

let found: PriorityPrograms | undefined;
/** Looked up once; `chrt` is tried once, as a container may refuse the call. */
export const priorityPrograms = (): PriorityPrograms =>
  (found ??= {
    nice: ['/usr/bin/nice', '/bin/nice'].find((p) => existsSync(p)) ?? null,
    chrt: process.platform === 'linux' ? (['/usr/bin/chrt', '/bin/chrt'].find((p) => existsSync(p) && spawnSync(p, ['--idle', '0', 'true'], { stdio: 'ignore', timeout: 5_000 }).status === 0) ?? null) : null,
  });

/** The nice value an idle request falls back to where the idle class is not available. */
const IDLE_FALLBACK_NICENESS = 19;

interface Start {
  file: string;
  args: string[];
  shell: boolean;
  niceAfter?: number;
  /** Started through `chrt` or `nice`, whose own start errors stand for the program's. */
  viaPrefix?: boolean;
}

/** The program itself (a command line through Node's `shell: true`). */
const direct = (request: ProcessRequest, niceAfter?: number): Start =>
  request.shell ? { file: request.argv[0], args: [], shell: true, niceAfter } : { file: request.argv[0], args: request.argv.slice(1), shell: false, niceAfter };

/**
 * What to start. A lower priority is set before the program runs (through `chrt --idle` and
 * `nice`, which exec it), so a shell or a runner that forks at once cannot start a child at the
 * default one; without `nice` (Windows, a bare system) the nice value is set on the child right
 * after it starts. An idle request without the idle class runs at its nice value, or 19.
 */
function startArgs(request: ProcessRequest, given?: PriorityPrograms): Start {
  if (!request.idle && !request.niceness) return direct(request);
  const programs = given ?? priorityPrograms();
  const idle = request.idle === true && process.platform !== 'win32' && programs.chrt !== null;
  const asked = request.niceness ?? (request.idle && !idle ? IDLE_FALLBACK_NICENESS : undefined);
  const niceness = asked ? Math.min(19, Math.max(1, Math.round(asked))) : undefined;
  const nice = niceness !== undefined && process.platform !== 'win32' ? programs.nice : null;
  const prefix = [...(idle ? [programs.chrt as string, '--idle', '0'] : []), ...(nice ? [nice, '-n', String(niceness)] : [])];
  if (prefix.length === 0) return direct(request, niceness);
  // The shell Node's `shell: true` runs on POSIX, named because `chrt` or `nice` starts it.
  const command = request.shell ? ['/bin/sh', '-c', request.argv[0]] : request.argv;
  return { file: prefix[0], args: [...prefix.slice(1), ...command], shell: false, niceAfter: nice ? undefined : niceness, viaPrefix: true };
}

/** `chrt` or `nice` could not start the program (missing, not executable): the same start error as without them. */
function prefixStartError(code: number | null, signal: NodeJS.Signals | null, stderr: string): Partial<ProcessResult> {
  const line = /^(?:\S*\/)?(?:nice|chrt): (.*)$/m.exec(stderr)?.[1];
  return (code === 126 || code === 127) && line ? { code, signal, startError: line } : { code, signal };
}

function lowerPriority(pid: number, niceness: number): void {
  try {
    setPriority(pid, niceness);
  } catch {
    // Gone already, or not allowed: it runs at the default priority.
  }
}

/**
 * The real ProcessRunner: the child leads its own process group, so a timeout or a cancel stops
 * the runner and everything it started (workers, watchers), not just the shell; so does its end,
 * on POSIX: what it left running in the background (`server &`) is stopped once its output
 * closes, or LEFT_BEHIND_GRACE_MS after it exited while a process it started still holds it.
 * A command line runs in the platform's own shell (Node's `shell: true`). A `niceness` lowers
 * the child's CPU priority and `idle` puts it in the idle scheduling class, both inherited by
 * everything it starts.
 */
export const spawnProcess: ProcessRunner = (request: ProcessRequest) => runProcess(request);

/**
 * spawnProcess, telling `onStart` the process group's leader once it runs (the spawner reports it
 * to its host); `programs` stand for the priority programs found on this system.
 */
export const runProcess = (request: ProcessRequest, onStart?: (pid: number) => void, programs?: PriorityPrograms) =>
  new Promise<ProcessResult>((resolve) => {
    const result: ProcessResult = { code: null, signal: null, stdout: '', stderr: '', timedOut: false, cancelled: false };
    let child: ReturnType<typeof spawn>;
    let viaPrefix = false;
    try {
      const options = { cwd: request.cwd, detached: process.platform !== 'win32', windowsHide: true, env: { ...process.env, ...request.env } };
      const start = startArgs(request, programs);
      viaPrefix = start.viaPrefix === true;
      child = spawn(start.file, start.args, { ...options, shell: start.shell });
      if (start.niceAfter !== undefined && child.pid) lowerPriority(child.pid, start.niceAfter);
      if (child.pid) onStart?.(child.pid);
    } catch (err) {
      resolve({ ...result, startError: err instanceof Error ? err.message : String(err) });
      return;
    }
    let settled = false;
    const kill = () => {
      if (child.pid) killTree(child.pid);
    };
    const timer = setTimeout(() => {
      result.timedOut = true;
      kill();
    }, request.timeoutMs);
    const onAbort = () => {
      result.cancelled = true;
      kill();
    };
    request.signal?.addEventListener('abort', onAbort, { once: true });
    if (request.signal?.aborted) onAbort();
    // POSIX: the group outlives its leader only through processes it left behind.
    const posixGroup = process.platform !== 'win32' && child.pid !== undefined;
    let leftBehindTimer: ReturnType<typeof setTimeout> | undefined;
    const stopLeftBehind = () => {
      // A group killed at the time limit or a cancel may take a moment to go: not left behind.
      if (!posixGroup || result.timedOut || result.cancelled || !groupAlive(child.pid!)) return;
      result.leftBehind = true;
      kill();
    };
    const finish = (patch: Partial<ProcessResult>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(leftBehindTimer);
      request.signal?.removeEventListener('abort', onAbort);
      resolve({ ...result, ...patch });
    };
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      if (result.stdout.length < MAX_OUTPUT) result.stdout += d;
    });
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      if (result.stderr.length < MAX_OUTPUT) result.stderr += d;
    });
    child.on('error', (err) => finish({ startError: err.message }));
    child.on('exit', () => {
      if (posixGroup) leftBehindTimer = setTimeout(stopLeftBehind, LEFT_BEHIND_GRACE_MS);
    });
    child.on('close', (code, signal) => {
      stopLeftBehind();
      finish(viaPrefix ? prefixStartError(code, signal, result.stderr) : { code, signal });
    });
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(request.input ?? '');
  });
