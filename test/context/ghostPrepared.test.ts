import { describe, expect, it } from 'vitest';
import type { ContextBlock } from '../../src/context/contextService';
import { GhostPrepared, MOVE_PREPARE_MS } from '../../src/context/ghostPrepared';
import { ManualTimers } from '../support/manualTimers';

/** A hub's preparation over a document whose context names the line it was built for. */
function setup() {
  const timers = new ManualTimers();
  const builds: string[] = [];
  let version = 1;
  const prepared = new GhostPrepared({
    build: (path, line) => {
      builds.push(`${path}:${line}`);
      return { items: [], text: `${path}:${line}@${version}`, tokens: 1, masked: [] } satisfies ContextBlock;
    },
    stamp: () => version,
    setTimeout: (fn, ms) => timers.setTimeout(fn, ms),
    clearTimeout: (h) => timers.clearTimeout(h),
  });
  return { timers, builds, prepared, reindex: () => version++ };
}

describe('GhostPrepared', () => {
  it('never builds for a request: a far one sends what is prepared, and the next one has its own line\u2019s', () => {
    const { timers, builds, prepared } = setup();
    prepared.prepare('a.ts', 10);
    expect(builds).toEqual(['a.ts:10']);
    // Near: what is prepared, nothing built or scheduled.
    expect(prepared.at('a.ts', 15)?.block.text).toBe('a.ts:10@1');
    expect(timers.pending).toBe(0);
    // Far: still what is prepared, synchronously; the build comes after.
    expect(prepared.at('a.ts', 100)?.block.text).toBe('a.ts:10@1');
    expect(builds).toEqual(['a.ts:10']);
    timers.runDue();
    expect(builds).toEqual(['a.ts:10', 'a.ts:100']);
    expect(prepared.at('a.ts', 101)?.block.text).toBe('a.ts:100@1');
  });

  it('prepares a far line once the cursor settles there, before any key; moves near what is prepared cost nothing', () => {
    const { timers, builds, prepared } = setup();
    prepared.prepare('a.ts', 10);
    prepared.moved('a.ts', 12);
    expect(timers.pending).toBe(0);
    // Passing through lines (arrow keys held, a drag): only where it settles is built.
    prepared.moved('a.ts', 40);
    timers.time += MOVE_PREPARE_MS / 2;
    prepared.moved('a.ts', 80);
    timers.time += MOVE_PREPARE_MS;
    timers.runDue();
    expect(builds).toEqual(['a.ts:10', 'a.ts:80']);
    expect(prepared.at('a.ts', 80)?.block.text).toBe('a.ts:80@1');
    // Back near the prepared line before the move settles: nothing is built.
    prepared.moved('a.ts', 20);
    prepared.moved('a.ts', 82);
    timers.time += MOVE_PREPARE_MS;
    timers.runDue();
    expect(builds).toEqual(['a.ts:10', 'a.ts:80']);
  });

  it('prepares anew what was built before the file was indexed as it is now', () => {
    const { timers, builds, prepared, reindex } = setup();
    prepared.prepare('a.ts', 10);
    reindex();
    expect(prepared.at('a.ts', 10)?.block.text).toBe('a.ts:10@1');
    timers.runDue();
    expect(prepared.at('a.ts', 10)?.block.text).toBe('a.ts:10@2');
    expect(builds).toEqual(['a.ts:10', 'a.ts:10']);
  });

  it('answers nothing for a file never prepared, and prepares it after; a closed file is forgotten', () => {
    const { timers, prepared } = setup();
    expect(prepared.at('b.ts', 3)).toBeUndefined();
    timers.runDue();
    expect(prepared.at('b.ts', 3)?.block.text).toBe('b.ts:3@1');
    prepared.forget('b.ts');
    expect(prepared.at('b.ts')).toBeUndefined();
    prepared.dispose();
    expect(timers.pending).toBe(0);
  });
});
