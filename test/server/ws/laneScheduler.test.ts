import { describe, expect, it } from 'vitest';
import { LaneScheduler, type LaneTask } from '../../../src/server/ws/laneScheduler';

function task(log: string[], name: string) {
  let finish!: () => void;
  const t: LaneTask & { finish(): void } = {
    start: () => {
      log.push(`start ${name}`);
      return new Promise<void>((r) => (finish = r));
    },
    queued: () => void log.push(`queued ${name}`),
    dropped: () => void log.push(`dropped ${name}`),
    finish: () => finish(),
  };
  return t;
}

const tick = () => new Promise((r) => setImmediate(r));

describe('LaneScheduler', () => {
  it('runs a lane in order and lanes side by side', async () => {
    const log: string[] = [];
    const s = new LaneScheduler(4);
    const [a1, a2, b1] = [task(log, 'a1'), task(log, 'a2'), task(log, 'b1')];
    s.submit('a', a1);
    s.submit('a', a2);
    s.submit('b', b1);
    expect(log).toEqual(['start a1', 'start b1']);
    a1.finish();
    await tick();
    expect(log).toEqual(['start a1', 'start b1', 'start a2']);
    expect(s.running).toBe(2);
  });

  it('queues past the in-flight cap, notifies once, and starts waiting lanes in order', async () => {
    const log: string[] = [];
    const s = new LaneScheduler(1);
    const [a, b, c] = [task(log, 'a'), task(log, 'b'), task(log, 'c')];
    s.submit('a', a);
    s.submit('b', b);
    s.submit('c', c);
    expect(log).toEqual(['start a', 'queued b', 'queued c']);
    a.finish();
    await tick();
    expect(log.slice(3)).toEqual(['start b']);
    b.finish();
    await tick();
    expect(log.slice(4)).toEqual(['start c']);
  });

  it('puts a front task ahead of the lane and drops waiting tasks on close', async () => {
    const log: string[] = [];
    const s = new LaneScheduler(2);
    const [a, b, front] = [task(log, 'a'), task(log, 'b'), task(log, 'front')];
    s.submit('x', a);
    s.submit('x', b);
    s.submit('x', front, true);
    a.finish();
    await tick();
    expect(log).toEqual(['start a', 'start front']);
    s.close();
    expect(log).toContain('dropped b');
    s.submit('y', task(log, 'late'));
    expect(log.at(-1)).toBe('dropped late');
  });
});
