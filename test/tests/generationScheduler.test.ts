import { describe, expect, it } from 'vitest';
import { GenerationScheduler } from '../../src/tests/generationScheduler';

const timers = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms), clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout) };

/** A job that waits until released (or aborted), recording what ran. */
function harness() {
  const started: string[] = [];
  const finished: string[] = [];
  const aborted: string[] = [];
  let concurrent = 0;
  let maxConcurrent = 0;
  const releases: (() => void)[] = [];
  const job = (v: string, signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      started.push(v);
      maxConcurrent = Math.max(maxConcurrent, ++concurrent);
      const end = (list: string[]) => {
        concurrent--;
        list.push(v);
        resolve();
      };
      signal.addEventListener('abort', () => end(aborted));
      releases.push(() => end(finished));
    });
  return { job, started, finished, aborted, releases, max: () => maxConcurrent };
}

const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));

describe('GenerationScheduler', () => {
  it('cancels the running job when its key is scheduled again, then runs once with the newest arguments', async () => {
    const h = harness();
    const s = new GenerationScheduler(h.job, timers);
    s.schedule('a.ts', 'v1');
    await tick();
    s.schedule('a.ts', 'v2');
    s.schedule('a.ts', 'v3');
    s.schedule('a.ts', 'v4');
    await tick(20);
    expect(h.aborted).toEqual(['v1']);
    expect(h.started).toEqual(['v1', 'v4']);
    h.releases.at(-1)!();
    await s.idle();
    expect(h.finished).toEqual(['v4']);
    expect(h.max()).toBe(1);
  });

  it('runs different keys side by side and forgets keys when idle', async () => {
    const h = harness();
    const s = new GenerationScheduler(h.job, timers);
    s.schedule('a.ts', 'a');
    s.schedule('b.ts', 'b');
    await tick();
    expect(s.inFlight().sort()).toEqual(['a.ts', 'b.ts']);
    h.releases.forEach((r) => r());
    await s.idle();
    expect(s.inFlight()).toEqual([]);
    expect(h.finished.sort()).toEqual(['a', 'b']);
  });

  it('collapses a burst within the delay into one run; cancel drops what waits', async () => {
    const h = harness();
    const s = new GenerationScheduler(h.job, timers, 30);
    s.schedule('a.ts', '1');
    s.schedule('a.ts', '2');
    await tick(60);
    expect(h.started).toEqual(['2']);
    s.schedule('a.ts', '3');
    s.cancel('a.ts');
    await tick(60);
    expect(h.aborted).toEqual(['2']);
    expect(h.started).toEqual(['2']);
  });

  it('reports a failed job and keeps serving the key', async () => {
    const errors: string[] = [];
    let n = 0;
    const s = new GenerationScheduler<string>(async () => {
      if (n++ === 0) throw new Error('boom');
    }, timers, 0, (k, e) => errors.push(`${k}: ${(e as Error).message}`));
    s.schedule('a.ts', 'x');
    await tick(10);
    s.schedule('a.ts', 'y');
    await s.idle();
    expect(errors).toEqual(['a.ts: boom']);
    expect(n).toBe(2);
  });
});
