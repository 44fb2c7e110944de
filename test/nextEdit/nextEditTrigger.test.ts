import { describe, expect, it } from 'vitest';
import { defaultTriggerTuning, NextEditTrigger } from '../../src/nextEdit/nextEditTrigger';

const T = defaultTriggerTuning;
const DOC = 'file:///a.ts';

describe('NextEditTrigger', () => {
  it('a change to existing code asks after the short pause; new code at a line end after a real pause', () => {
    const t = new NextEditTrigger();
    expect(t.edited(DOC, 3, 'change', 0, 60)).toBe(60);
    expect(t.edited(DOC, 3, 'append', 10, 60)).toBe(T.appendPauseMs);
    // The caller's pause wins when it is longer.
    expect(t.edited(DOC, 3, 'append', 20, 900)).toBe(900);
  });

  it('fires once per arming: a pause then a move asks once; the next edit arms again', () => {
    const t = new NextEditTrigger();
    expect(t.paused(DOC, 3, 0)).toBe(false);
    t.edited(DOC, 3, 'change', 0, 50);
    expect(t.paused(DOC, 3, 50)).toBe(true);
    expect(t.moved(DOC, 9, 100)).toBe(false);
    t.edited(DOC, 3, 'change', 200, 50);
    expect(t.moved(DOC, 9, 300)).toBe(true);
    expect(t.paused(DOC, 9, 350)).toBe(false);
  });

  it('a move fires only to another line, of the same document, within the arming time', () => {
    const t = new NextEditTrigger();
    t.edited(DOC, 3, 'append', 0, 50);
    expect(t.moved(DOC, 3, 10)).toBe(false);
    expect(t.moved('file:///b.ts', 7, 20)).toBe(false);
    expect(t.moved(DOC, 7, T.armMs + 1)).toBe(false);
    // Expired: nothing is armed any more.
    expect(t.moved(DOC, 8, T.armMs + 2)).toBe(false);
    t.edited(DOC, 3, 'append', 20_000, 50);
    expect(t.moved(DOC, 7, 20_000 + T.armMs - 1)).toBe(true);
  });

  it('after an empty prediction, new code in that region asks nothing for the cool-down; a change asks at once', () => {
    const t = new NextEditTrigger();
    t.edited(DOC, 10, 'append', 0, 50);
    expect(t.paused(DOC, 10, 500)).toBe(true);
    t.empty(DOC, 0, 40, 600);
    t.edited(DOC, 11, 'append', 700, 50);
    expect(t.paused(DOC, 11, 1200)).toBe(false);
    // Still armed: a move out of the region fires.
    expect(t.moved(DOC, 80, 1300)).toBe(true);
    // Back in the region after the cool-down: asks again.
    t.edited(DOC, 12, 'append', 600 + T.coolDownMs, 50);
    expect(t.paused(DOC, 12, 600 + T.coolDownMs + 500)).toBe(true);
    // A change in a quiet region is a new signal.
    t.empty(DOC, 0, 40, 10_000);
    t.edited(DOC, 12, 'change', 10_100, 50);
    expect(t.paused(DOC, 12, 10_150)).toBe(true);
  });

  it('disarm forgets the edits', () => {
    const t = new NextEditTrigger();
    t.edited(DOC, 3, 'change', 0, 50);
    t.disarm();
    expect(t.paused(DOC, 3, 50)).toBe(false);
    expect(t.moved(DOC, 5, 60)).toBe(false);
  });

  it('after a rejection, its lines ask nothing and show nothing for the cool-down, whatever is typed; other lines do', () => {
    const t = new NextEditTrigger();
    t.rejected(DOC, 4, 5, 1000);
    expect(t.coolingDown(DOC, 5, 5, 1000 + T.rejectedMs - 1)).toBe(true);
    expect(t.coolingDown(DOC, 3, 4, 1000)).toBe(true);
    expect(t.coolingDown(DOC, 6, 9, 1000)).toBe(false);
    expect(t.coolingDown('file:///b.ts', 4, 4, 1000)).toBe(false);
    expect(t.coolingDown(DOC, 4, 4, 1000 + T.rejectedMs)).toBe(false);
    // A change to existing code there is still no reason to offer the rejected edit again.
    t.edited(DOC, 4, 'change', 2000, 50);
    expect(t.paused(DOC, 4, 2050)).toBe(false);
    t.edited(DOC, 8, 'change', 2100, 50);
    expect(t.paused(DOC, 8, 2150)).toBe(true);
  });
});
