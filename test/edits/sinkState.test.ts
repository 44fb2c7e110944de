import { describe, expect, it } from 'vitest';
import {
  acceptPlan,
  nextSinkState,
  opensStep,
  previewStarted,
  restorePlan,
  revertedBefore,
  revertedUnderneath,
  type EditSteps,
  type SaveMark,
  type SinkEvent,
} from '../../src/edits/sinkState';

const STEPS: Record<string, EditSteps> = {
  none: { kind: 'none' },
  one: { kind: 'one' },
  'several open': { kind: 'several', open: true },
  'several closed': { kind: 'several', open: false },
  'shared open': { kind: 'shared', open: true, started: true },
  'shared closed': { kind: 'shared', open: false, started: true },
  'shared before any batch': { kind: 'shared', open: false, started: false },
  'undoing one': { kind: 'undoing', resume: { kind: 'one' } },
  'undoing several closed': { kind: 'undoing', resume: { kind: 'several', open: false } },
};

const EVENTS: SinkEvent[] = ['batch', 'willSave', 'saved', 'foreignChange', 'undoStart', 'undoEnd'];
const SAVES: SaveMark[] = ['none', 'saving', 'saved'];

/** Every (undo steps, event) pair: the steps it leads to, named as in STEPS. */
const STEPS_TABLE: Record<string, Record<SinkEvent, string>> = {
  none: { batch: 'one', willSave: 'none', saved: 'none', foreignChange: 'shared before any batch', undoStart: 'undoing none', undoEnd: 'none' },
  one: { batch: 'one', willSave: 'one', saved: 'several closed', foreignChange: 'shared closed', undoStart: 'undoing one', undoEnd: 'one' },
  'several open': { batch: 'several open', willSave: 'several open', saved: 'several closed', foreignChange: 'shared closed', undoStart: 'undoing several open', undoEnd: 'several open' },
  'several closed': { batch: 'several open', willSave: 'several closed', saved: 'several closed', foreignChange: 'shared closed', undoStart: 'undoing several closed', undoEnd: 'several closed' },
  'shared open': { batch: 'shared open', willSave: 'shared open', saved: 'shared closed', foreignChange: 'shared closed', undoStart: 'undoing shared open', undoEnd: 'shared open' },
  'shared closed': { batch: 'shared open', willSave: 'shared closed', saved: 'shared closed', foreignChange: 'shared closed', undoStart: 'undoing shared closed', undoEnd: 'shared closed' },
  'shared before any batch': { batch: 'shared open', willSave: 'shared before any batch', saved: 'shared before any batch', foreignChange: 'shared before any batch', undoStart: 'undoing shared before any batch', undoEnd: 'shared before any batch' },
  'undoing one': { batch: 'undoing one', willSave: 'undoing one', saved: 'undoing several closed', foreignChange: 'undoing one', undoStart: 'undoing one', undoEnd: 'one' },
  'undoing several closed': { batch: 'undoing several closed', willSave: 'undoing several closed', saved: 'undoing several closed', foreignChange: 'undoing several closed', undoStart: 'undoing several closed', undoEnd: 'several closed' },
};

/** Every (save mark, event) pair. */
const SAVE_TABLE: Record<SaveMark, Record<SinkEvent, SaveMark>> = {
  none: { batch: 'none', willSave: 'saving', saved: 'saved', foreignChange: 'none', undoStart: 'none', undoEnd: 'none' },
  saving: { batch: 'saving', willSave: 'saving', saved: 'saved', foreignChange: 'saving', undoStart: 'saving', undoEnd: 'saving' },
  saved: { batch: 'none', willSave: 'saving', saved: 'saved', foreignChange: 'saved', undoStart: 'saved', undoEnd: 'saved' },
};

function describeSteps(s: EditSteps): string {
  switch (s.kind) {
    case 'none':
    case 'one':
      return s.kind;
    case 'several':
      return `several ${s.open ? 'open' : 'closed'}`;
    case 'shared':
      return s.started ? `shared ${s.open ? 'open' : 'closed'}` : s.open ? 'shared open before any batch?' : 'shared before any batch';
    case 'undoing':
      return `undoing ${describeSteps(s.resume)}`;
  }
}

const triples = Object.keys(STEPS).flatMap((steps) => SAVES.flatMap((save) => EVENTS.map((event) => [steps, save, event] as const)));

describe('nextSinkState', () => {
  it('names every undo-steps state it starts from', () => {
    for (const [name, steps] of Object.entries(STEPS)) expect(describeSteps(steps)).toBe(name);
    expect(triples).toHaveLength(9 * 3 * 6);
  });

  it.each(triples)('%s, save %s + %s', (steps, save, event) => {
    const before = { steps: STEPS[steps], save };
    const after = nextSinkState(before, event);
    expect(describeSteps(after.steps)).toBe(STEPS_TABLE[steps][event]);
    expect(after.save).toBe(SAVE_TABLE[save][event]);
    // A pair that changes nothing hands the same state back.
    if (STEPS_TABLE[steps][event] === steps && SAVE_TABLE[save][event] === save) expect(after).toBe(before);
  });
});

describe('what the sink asks its state', () => {
  const at = (steps: string, save: SaveMark = 'none') => ({ steps: STEPS[steps], save });
  // [opens a step, preview started, accept plan]
  const answers: Record<string, [boolean, boolean, string]> = {
    none: [true, false, 'one'],
    one: [false, true, 'one'],
    'several open': [false, true, 'fold'],
    'several closed': [true, true, 'fold'],
    'shared open': [false, true, 'shared'],
    'shared closed': [true, true, 'shared'],
    'shared before any batch': [true, false, 'shared'],
    'undoing one': [true, true, 'one'],
    'undoing several closed': [true, true, 'one'],
  };

  it.each(Object.keys(answers))('%s', (steps) => {
    const s = at(steps);
    expect([opensStep(s), previewStarted(s), acceptPlan(s)]).toEqual(answers[steps]);
  });

  it('folds an accept made while a save is under way', () => {
    expect(acceptPlan(at('one', 'saving'))).toBe('fold');
    expect(acceptPlan(at('one', 'saved'))).toBe('one');
    expect(acceptPlan(at('shared open', 'saving'))).toBe('shared');
  });

  it('restores by undo only when the edit owns its steps, undo is wanted and its editor is active', () => {
    const o = { viaUndo: true, edits: 2, activeEditor: true, anyEditor: true };
    expect(restorePlan(at('one'), o)).toBe('undo');
    expect(restorePlan(at('several closed'), o)).toBe('undo');
    expect(restorePlan(at('shared open'), o)).toBe('edit');
    expect(restorePlan(at('none'), o)).toBe('edit');
    expect(restorePlan(at('one'), { ...o, viaUndo: false })).toBe('edit');
    expect(restorePlan(at('one'), { ...o, activeEditor: false })).toBe('edit');
    expect(restorePlan(at('one'), { ...o, activeEditor: false, anyEditor: false })).toBe('workspaceEdit');
    expect(restorePlan(at('shared open'), { ...o, edits: 0 })).toBe('nothing');
    expect(restorePlan(at('one'), { ...o, edits: 0 })).toBe('undo');
  });

  it('tells a revert from a save', () => {
    expect(revertedBefore(at('one'), false)).toBe(true);
    expect(revertedBefore(at('one'), true)).toBe(false);
    expect(revertedBefore(at('one', 'saving'), false)).toBe(false);
    expect(revertedBefore(at('one', 'saved'), false)).toBe(false);
    expect(revertedBefore(at('none'), false)).toBe(false);
    expect(revertedUnderneath(at('several open', 'saved'), false)).toBe(true);
    expect(revertedUnderneath(at('several open', 'saving'), false)).toBe(false);
    expect(revertedUnderneath(at('undoing one'), false)).toBe(false);
    expect(revertedUnderneath(at('one'), true)).toBe(false);
    expect(revertedUnderneath(at('shared before any batch'), false)).toBe(false);
  });
});
