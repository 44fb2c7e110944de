import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { ProcessRequest, ProcessResult, ProcessRunner } from './processRunner';

/** Most a run keeps of each stream (a runner in a loop must not fill the memory). */
const MAX_OUTPUT = 2_000_000;

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

/** POSIX `nice`, where there is one (looked up once). */
let niceProgram: string | null | undefined;
const nice = () => (niceProgram ??= ['/usr/bin/nice', '/bin/nice'].find((p) => existsSync(p)) ?? null);

/**
 * What to start. A lower priority is set before the program runs (through `nice`), so a shell or
 * a runner that forks at once cannot start a child at the default one; without `nice` (Windows,
 * a bare system) it is set on the child right after it starts.
 */
function startArgs(request: ProcessRequest): { file: string; args: string[]; shell: boolean; niceAfter?: number; viaNice?: boolean } {
  const niceness = request.niceness ? Math.min(19, Math.max(1, Math.round(request.niceness))) : undefined;
  const program = niceness !== undefined && process.platform !== 'win32' ? nice() : null;
  // The shell Node's `shell: true` runs on POSIX, named because `nice` starts it.
  if (program) return { file: program, args: ['-n', String(niceness), ...(request.shell ? ['/bin/sh', '-c', request.argv[0]] : request.argv)], shell: false, viaNice: true };
  const niceAfter = niceness;
  return request.shell ? { file: request.argv[0], args: [], shell: true, niceAfter } : { file: request.argv[0], args: request.argv.slice(1), shell: false, niceAfter };
}

/** `nice` could not start the program (missing, not executable): the same start error as without it. */
function niceStartError(code: number | null, signal: NodeJS.Signals | null, stderr: string): Partial<ProcessResult> {
  const line = /^(?:\S*\/)?nice: (.*)$/m.exec(stderr)?.[1];
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
 * the runner and everything it started (workers, watchers), not just the shell. A command line
 * runs in the platform's own shell (Node's `shell: true`). A `niceness` lowers the child's CPU
 * priority, inherited by everything it starts.
 */
export const spawnProcess: ProcessRunner = (request: ProcessRequest) => runProcess(request);

/** spawnProcess, telling `onStart` the process group's leader once it runs (the spawner reports it to its host). */
export const runProcess = (request: ProcessRequest, onStart?: (pid: number) => void) =>
  new Promise<ProcessResult>((resolve) => {
    const result: ProcessResult = { code: null, signal: null, stdout: '', stderr: '', timedOut: false, cancelled: false };
    let child: ReturnType<typeof spawn>;
    let viaNice = false;
    try {
      const options = { cwd: request.cwd, detached: process.platform !== 'win32', windowsHide: true, env: { ...process.env, ...request.env } };
      const start = startArgs(request);
      viaNice = start.viaNice === true;
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
    const finish = (patch: Partial<ProcessResult>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
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
    child.on('close', (code, signal) => finish(viaNice ? niceStartError(code, signal, result.stderr) : { code, signal }));
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(request.input ?? '');
  });
