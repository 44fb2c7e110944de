import { describe, expect, it } from 'vitest';
import type { LaneOwner } from '../../../src/transport/ws/lane';
import { LaneTable } from '../../../src/transport/ws/laneTable';

const owner = {} as LaneOwner;

describe('LaneTable', () => {
  it('hands out named lanes up to its capacity and reuses freed ones', () => {
    const t = new LaneTable(2);
    const a = t.acquire(true)!;
    a.owner = owner;
    const b = t.acquire(true)!;
    b.owner = owner;
    expect([a.name, b.name]).toEqual(['l0', 'l1']);
    expect(t.acquire(true)).toBeUndefined();
    a.owner = undefined;
    expect(t.acquire(true)).toBe(a);
    expect(t.of('l1')).toBe(b);
    expect(t.of(undefined)).toBe(t.defaultLane);
  });

  it('does not reuse a draining lane', () => {
    const t = new LaneTable(16);
    const a = t.acquire(true)!;
    a.drainingSince = 0;
    expect(t.acquire(true)).not.toBe(a);
    expect(t.busy).toBe(1);
  });

  it('uses the default lane only, one at a time, without lanes', () => {
    const t = new LaneTable(16);
    const d = t.acquire(false)!;
    expect(d.name).toBeUndefined();
    d.owner = owner;
    expect(t.acquire(false)).toBeUndefined();
    expect(t.hasFree(false)).toBe(false);
  });

  it('shrinks to what is busy when the server refuses more lanes', () => {
    const t = new LaneTable(16);
    t.acquire(true)!.owner = owner;
    t.limit();
    expect(t.acquire(true)).toBeUndefined();
  });
});
