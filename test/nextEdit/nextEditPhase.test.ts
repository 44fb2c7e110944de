import { describe, expect, it } from 'vitest';
import type { ShownPrediction } from '../../src/nextEdit/nextEditEngine';
import { controllerOf, nextNextEditPhase, type NextEditEvent, type NextEditPhase } from '../../src/nextEdit/nextEditPhase';
import type { OffsetEdit } from '../../src/nextEdit/typeThrough';
import { itFollowsTheTable } from '../support/transitionTable';

const pause = new AbortController();
const request = new AbortController();
const other = new AbortController();
const edit: OffsetEdit = { offset: 4, oldText: 'a', newText: 'b' };
const moved: OffsetEdit = { offset: 5, oldText: '', newText: 'c' };
const prediction: ShownPrediction = { docKey: 'doc', kind: 'inline', edit, start: { line: 0, character: 4 }, end: { line: 0, character: 5 }, following: 1 };
const redrawn: ShownPrediction = { ...prediction, kind: 'inline', edit: moved };
const queue: OffsetEdit[] = [{ offset: 9, oldText: 'x', newText: 'y' }];
const line = { key: 'doc', line: 3 };

const PHASES: Record<string, NextEditPhase> = {
  idle: { kind: 'idle' },
  waiting: { kind: 'waiting', controller: pause },
  'waiting, pause line': { kind: 'waiting', controller: pause, pauseLine: line },
  asking: { kind: 'asking', controller: request },
  shown: { kind: 'shown', prediction, origin: edit, typedInto: false, queue },
  'shown, typed into': { kind: 'shown', prediction: redrawn, origin: edit, typedInto: true, queue },
};

const EVENTS: Record<string, NextEditEvent> = {
  wait: { type: 'wait', controller: other },
  'wait, pause line': { type: 'wait', controller: other, pauseLine: line },
  'ask after the pause': { type: 'ask', waited: pause, controller: other },
  'ask after another pause': { type: 'ask', waited: other, controller: other },
  'pause over': { type: 'over', controller: pause },
  'request over': { type: 'over', controller: request },
  'another over': { type: 'over', controller: other },
  show: { type: 'show', prediction, queue },
  'redraw, typed': { type: 'redraw', prediction: redrawn, typedInto: true },
  'redraw, jumped': { type: 'redraw', prediction: redrawn, typedInto: false },
  cancel: { type: 'cancel' },
  clear: { type: 'clear' },
};

/** Every (phase, event) pair: the phase it leads to (described as describePhase does), or `=` when it changes nothing. */
const TABLE: Record<string, Record<string, string>> = {
  idle: { wait: 'waiting (other)', 'wait, pause line': 'waiting (other), pause line', 'ask after the pause': '=', 'ask after another pause': '=', 'pause over': '=', 'request over': '=', 'another over': '=', show: 'shown', 'redraw, typed': '=', 'redraw, jumped': '=', cancel: '=', clear: '=' },
  waiting: { wait: 'waiting (other)', 'wait, pause line': 'waiting (other), pause line', 'ask after the pause': 'asking (other)', 'ask after another pause': '=', 'pause over': 'idle', 'request over': '=', 'another over': '=', show: '=', 'redraw, typed': '=', 'redraw, jumped': '=', cancel: 'idle', clear: 'idle' },
  'waiting, pause line': { wait: 'waiting (other)', 'wait, pause line': 'waiting (other), pause line', 'ask after the pause': 'asking (other)', 'ask after another pause': '=', 'pause over': 'idle', 'request over': '=', 'another over': '=', show: '=', 'redraw, typed': '=', 'redraw, jumped': '=', cancel: 'idle', clear: 'idle' },
  asking: { wait: 'waiting (other)', 'wait, pause line': 'waiting (other), pause line', 'ask after the pause': '=', 'ask after another pause': '=', 'pause over': '=', 'request over': 'idle', 'another over': '=', show: 'shown', 'redraw, typed': '=', 'redraw, jumped': '=', cancel: 'idle', clear: 'idle' },
  shown: { wait: '=', 'wait, pause line': '=', 'ask after the pause': '=', 'ask after another pause': '=', 'pause over': '=', 'request over': '=', 'another over': '=', show: 'shown', 'redraw, typed': 'shown redrawn, typed into', 'redraw, jumped': 'shown redrawn', cancel: '=', clear: 'idle' },
  'shown, typed into': { wait: '=', 'wait, pause line': '=', 'ask after the pause': '=', 'ask after another pause': '=', 'pause over': '=', 'request over': '=', 'another over': '=', show: 'shown', 'redraw, typed': 'shown redrawn, typed into', 'redraw, jumped': 'shown redrawn, typed into', cancel: '=', clear: 'idle' },
};

function name(c: AbortController): string {
  return c === pause ? 'pause' : c === request ? 'request' : 'other';
}

function describePhase(p: NextEditPhase): string {
  switch (p.kind) {
    case 'idle':
      return 'idle';
    case 'waiting':
      return `waiting (${name(p.controller)})${p.pauseLine ? ', pause line' : ''}`;
    case 'asking':
      return `asking (${name(p.controller)})`;
    case 'shown':
      return `shown${p.prediction === redrawn ? ' redrawn' : ''}${p.typedInto ? ', typed into' : ''}`;
  }
}

describe('nextNextEditPhase', () => {
  itFollowsTheTable({ states: PHASES, events: EVENTS, table: TABLE, next: nextNextEditPhase, describe: describePhase });

  it('shows an edit with the queue that follows it, remembering it as first shown', () => {
    const shown = nextNextEditPhase(PHASES.asking, EVENTS.show);
    expect(shown).toEqual({ kind: 'shown', prediction, origin: edit, typedInto: false, queue });
    const typed = nextNextEditPhase(shown, EVENTS['redraw, typed']);
    expect(typed.kind === 'shown' && typed.origin).toBe(edit);
  });
});

describe('controllerOf', () => {
  it.each(Object.keys(PHASES))('%s', (phaseName) => {
    const p = PHASES[phaseName];
    expect(controllerOf(p)).toBe(p.kind === 'waiting' ? pause : p.kind === 'asking' ? request : undefined);
  });
});
