import { spawn } from 'node:child_process';
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

/**
 * The real ProcessRunner: the child leads its own process group, so a timeout or a cancel stops
 * the runner and everything it started (workers, watchers), not just the shell. A command line
 * runs in the platform's own shell (Node's `shell: true`), never an assumed /bin/sh.
 */
export const spawnProcess: ProcessRunner = (request: ProcessRequest) =>
  new Promise<ProcessResult>((resolve) => {
    const result: ProcessResult = { code: null, signal: null, stdout: '', stderr: '', timedOut: false, cancelled: false };
    let child: ReturnType<typeof spawn>;
    try {
      const options = { cwd: request.cwd, detached: process.platform !== 'win32', windowsHide: true, env: { ...process.env, ...request.env } };
      child = request.shell ? spawn(request.argv[0], [], { ...options, shell: true }) : spawn(request.argv[0], request.argv.slice(1), options);
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
    child.on('close', (code, signal) => finish({ code, signal }));
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(request.input ?? '');
  });
