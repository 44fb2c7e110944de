import type { ProcessResult, ProcessRunner } from '../tests/processRunner';
import type { ScriptStep } from './packageScript';

/**
 * Runs a package's script chain as `npm run-script` does: each step with `sh -c` in `cwd`, its
 * banner before its output, the next only when it exited 0; all within one time limit. The
 * result reads as npm's run would: every step's banner and stdout, then their stderr, and the
 * exit code of the step that ended the chain.
 */
export async function runPackageScript(
  steps: readonly ScriptStep[],
  run: { spawn: ProcessRunner; cwd: string; timeoutMs: number; signal: AbortSignal; env?: Record<string, string>; now?: () => number },
): Promise<ProcessResult> {
  const now = run.now ?? Date.now;
  const deadline = now() + run.timeoutMs;
  const result: ProcessResult = { code: 0, signal: null, stdout: '', stderr: '', timedOut: false, cancelled: false };
  for (const step of steps) {
    const left = deadline - now();
    if (left <= 0) return { ...result, code: null, timedOut: true };
    result.stdout += step.banner;
    const r = await run.spawn({ argv: ['sh', '-c', step.script], cwd: run.cwd, timeoutMs: left, signal: run.signal, env: { ...run.env, ...step.env } });
    Object.assign(result, { code: r.code, signal: r.signal, stdout: result.stdout + r.stdout, stderr: result.stderr + r.stderr, timedOut: r.timedOut, cancelled: r.cancelled });
    if (r.leftBehind) result.leftBehind = true;
    if (r.startError !== undefined) return { ...result, startError: r.startError };
    if (r.code !== 0 || r.timedOut || r.cancelled) return result;
  }
  return result;
}
