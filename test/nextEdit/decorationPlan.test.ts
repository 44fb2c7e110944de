import { describe, expect, it } from 'vitest';
import { decorationPlan } from '../../src/nextEdit/decorationPlan';
import type { ShownPrediction } from '../../src/nextEdit/nextEditEngine';

const base: ShownPrediction = {
  docKey: 'a',
  kind: 'inline',
  edit: { offset: 10, oldText: 'count', newText: 'total' },
  start: { line: 3, character: 4 },
  end: { line: 3, character: 9 },
  following: 0,
};

describe('decorationPlan', () => {
  it('strikes the old text, shows the new one beside it and the keys at the end of the line', () => {
    expect(decorationPlan(base)).toEqual({
      removed: { start: { line: 3, character: 4 }, end: { line: 3, character: 9 } },
      inserted: { at: { line: 3, character: 9 }, text: 'total' },
      hint: { line: 3, text: 'Tab to accept, Escape to dismiss' },
    });
  });

  it('marks the line of a far edit and says Tab jumps, with how many follow', () => {
    const plan = decorationPlan({ ...base, kind: 'jump', following: 2 });
    expect(plan.markerLine).toBe(3);
    expect(plan.hint.text).toBe('Tab to jump to the next edit, Escape to dismiss (2 more)');
  });

  it('shows a multi-line insertion on one line and cuts a long one', () => {
    const plan = decorationPlan({ ...base, edit: { offset: 10, oldText: '', newText: `a\nb${'x'.repeat(200)}` }, end: base.start });
    expect(plan.removed).toBeUndefined();
    expect(plan.inserted!.text.startsWith('a ⏎ bxx')).toBe(true);
    expect(plan.inserted!.text.length).toBe(120);
    expect(plan.inserted!.text.endsWith('…')).toBe(true);
  });
});
