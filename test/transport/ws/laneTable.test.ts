import { describe, expect, it } from 'vitest';
import type { LaneOwner } from '../../../src/transport/ws/lane';
import { LaneTable } from '../../../src/transport/ws/laneTable';

const owner = {} as LaneOwner;

describe('LaneTable', () => {
  it('hands out named lanes up to its capacity and reuses freed ones', () => {
    const t = new LaneTable(2);
    const a = t.acquire(true)!;
    a.to({ type: 'take', owner });
    const b = t.acquire(true)!;
    b.to({ type: 'take', owner });
    expect([a.name, b.name]).toEqual(['l0', 'l1']);
    expect(t.acquire(true)).toBeUndefined();
    a.to({ type: 'release' });
    expect(t.acquire(true)).toBe(a);
    expect(t.of('l1')).toBe(b);
    expect(t.of(undefined)).toBe(t.defaultLane);
  });

  it('does not reuse a draining lane', () => {
    const t = new LaneTable(16);
    const a = t.acquire(true)!;
    a.to({ type: 'take', owner });
    a.to({ type: 'abandon', now: 0 });
    expect(t.acquire(true)).not.toBe(a);
    expect(t.busy).toBe(1);
  });

  it('uses the default lane only, one at a time, without lanes', () => {
    const t = new LaneTable(16);
    const d = t.acquire(false)!;
    expect(d.name).toBeUndefined();
    d.to({ type: 'take', owner });
    expect(t.acquire(false)).toBeUndefined();
    expect(t.hasFree(false)).toBe(false);
  });

  it('shrinks to what is busy when the server refuses more lanes', () => {
    const t = new LaneTable(16);
    t.acquire(true)!.to({ type: 'take', owner });
    t.limit();
    expect(t.acquire(true)).toBeUndefined();
  });
});
