import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the bench, without types
import { staleFigures, wastedRequests } from '../../bench/e2eTypingFigures.mjs';

const asked = (id: number, t: number, prefix: string, suffix = '') => ({ kind: 'request', id, t, surface: 'completion', tag: 'ws', state: { prefix, suffix } });
const ended = (id: number, t: number, status: string, text = '') => ({ kind: 'end', id, t, surface: 'completion', tag: 'ws', status, text });

describe('wastedRequests', () => {
  it('counts a second request for the same document state as repeated', () => {
    const log = [asked(1, 0, 'a = '), ended(1, 50, 'aborted'), asked(2, 100, 'a = ')];
    expect(wastedRequests(log, 'ws')).toEqual({ requests: 2, repeated: 1, redundant: 0 });
  });

  it('counts a request as redundant while an answer kept or still streaming covers its state', () => {
    const kept = [asked(1, 0, 'a = '), ended(1, 40, 'completed', 'foo(1);'), asked(2, 100, 'a = fo')];
    expect(wastedRequests(kept, 'ws').redundant).toBe(1);
    // Cancelled later: it was streaming when the second went out (its text is the perfect model's).
    const streaming = [asked(1, 0, 'a = '), asked(2, 30, 'a = f'), ended(1, 60, 'aborted')];
    expect(wastedRequests(streaming, 'ws', () => 'foo(1);').redundant).toBe(1);
  });

  it('does not count one sent after the covering answer was cancelled, one it does not cover, or one past its end', () => {
    const log = [
      asked(1, 0, 'a = '),
      ended(1, 20, 'aborted'),
      asked(2, 30, 'a = f'),
      ended(2, 60, 'completed', 'oo(1);'),
      asked(3, 100, 'a = fx'),
      asked(4, 120, 'a = foo(1);'),
      asked(5, 130, 'a = fo', 'other suffix'),
    ];
    expect(wastedRequests(log, 'ws', () => 'foo(1);')).toEqual({ requests: 5, repeated: 0, redundant: 0 });
  });
});

describe('staleFigures', () => {
  const key = (part: string, at: number, key: number, staleText: string | null) =>
    ({ kind: 'key', part, ...(part === 'segment' ? { segment: at } : { position: at }), key, before: '', stale: staleText !== null, staleText });

  it('counts apart the stale keys the reference provider shows at the same key with the same text', () => {
    const reference = [key('segment', 0, 5, '}, true);'), key('segment', 0, 6, null)];
    const flint = [key('segment', 0, 5, '}, true);'), key('segment', 0, 6, ', true);'), key('segment', 1, 5, '}, true);')];
    const figures = staleFigures(flint, reference);
    expect(figures.stale_keystrokes).toBe(2);
    expect(figures.stale_keystrokes_editor).toBe(1);
  });

  it('counts a stale key as its own when the reference shows another text there, a fresh key by its position', () => {
    const reference = [key('segment', 0, 5, '}, true);'), key('fresh', 3, 1, 'x = 1')];
    const flint = [key('segment', 0, 5, 'e);'), key('fresh', 3, 1, 'x = 1'), key('fresh', 3, 2, 'x = 1')];
    expect(staleFigures(flint, reference)).toMatchObject({ stale_keystrokes: 2, stale_keystrokes_editor: 1 });
  });

  it('counts the stale keys whose stale text was in a painted frame', () => {
    const painted = { ...key('segment', 0, 5, '}, true);'), stalePainted: true };
    expect(staleFigures([painted, key('segment', 0, 6, ', true);')], []).stale_keystrokes_painted).toBe(1);
  });

  it('counts every stale key without a reference window', () => {
    expect(staleFigures([key('segment', 0, 5, '}, true);')], undefined)).toMatchObject({ stale_keystrokes: 1, stale_keystrokes_editor: null });
  });
});
