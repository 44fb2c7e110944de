import { spawn } from 'node:child_process';
import type { ProcessRequest, ProcessResult, ProcessRunner } from './processRunner';

/** Most a run keeps of each stream (a runner in a loop must not fill the memory). */
const MAX_OUTPUT = 2_000_000;

/**
 * The real ProcessRunner: the child leads its own process group, so a timeout or a cancel stops
 * the runner and everything it started (workers, watchers), not just the shell.
 */
export const spawnProcess: ProcessRunner = (request: ProcessRequest) =>
  new Promise<ProcessResult>((resolve) => {
    const result: ProcessResult = { code: null, signal: null, stdout: '', stderr: '', timedOut: false, cancelled: false };
    let child: ReturnType<typeof spawn>;
    try {
      child = request.shell
        ? spawn('/bin/sh', ['-c', request.argv[0]], { cwd: request.cwd, detached: true, env: { ...process.env, ...request.env } })
        : spawn(request.argv[0], request.argv.slice(1), { cwd: request.cwd, detached: true, env: { ...process.env, ...request.env } });
    } catch (err) {
      resolve({ ...result, startError: err instanceof Error ? err.message : String(err) });
      return;
    }
    let settled = false;
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
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
