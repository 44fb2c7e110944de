import { describe, expect, it } from 'vitest';
import { StopCutter } from '../../src/transport/stopCutter';

function run(stops: string[], deltas: string[]): { out: string[]; stopped: boolean; tail: string } {
  const c = new StopCutter(stops);
  const out = deltas.map((d) => c.push(d));
  return { out, stopped: c.stopped, tail: c.flush() };
}

describe('StopCutter', () => {
  it('cuts at a stop sequence inside one delta', () => {
    expect(run(['\n\n'], ['a = 1\n\nb'])).toEqual({ out: ['a = 1'], stopped: true, tail: '' });
  });

  it('holds back a possible start of a stop sequence until it is decided', () => {
    expect(run(['```'], ['x`', '`', 'y'])).toEqual({ out: ['x', '', '``y'], stopped: false, tail: '' });
    expect(run(['```'], ['x`', '`', '`z'])).toEqual({ out: ['x', '', ''], stopped: true, tail: '' });
  });

  it('picks the earliest of several stop sequences', () => {
    expect(run(['END', '}'], ['a}bEND'])).toEqual({ out: ['a'], stopped: true, tail: '' });
  });

  it('returns held text when the stream ends', () => {
    expect(run(['\nclass'], ['x\ncla'])).toEqual({ out: ['x'], stopped: false, tail: '\ncla' });
  });

  it('passes everything on after stopping as nothing', () => {
    const c = new StopCutter(['#']);
    expect(c.push('a#b')).toBe('a');
    expect(c.push('more')).toBe('');
  });

  it('ignores empty stop strings', () => {
    expect(new StopCutter(['']).active).toBe(false);
  });
});
