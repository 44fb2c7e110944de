import { describe, expect, it } from 'vitest';
import { documentBehind, isOpen, nextEditPhase, runningStream, type EditEvent, type EditPhase } from '../../src/edits/editPhase';
import { LeftoverPreview } from '../../src/edits/leftoverPreview';
import type { DiffRow } from '../../src/rewrite/diffRow';
import type { ModelStream } from '../../src/transport/modelClient';
import { itFollowsTheTable } from '../support/transitionTable';

const rows: DiffRow[] = [{ kind: 'same', text: 'a' }];
const leftover = new LeftoverPreview(0, ['added']);
const running = {} as ModelStream;
const next = {} as ModelStream;
const ending = { state: 'cancelled' as const, note: 'the code being rewritten was changed' };

const PHASES: Record<string, EditPhase> = {
  streaming: { kind: 'streaming', restoreFirst: false, stream: running },
  'streaming, restore first': { kind: 'streaming', restoreFirst: true, stream: running },
  'streaming, halted': { kind: 'streaming', restoreFirst: false, stream: null },
  review: { kind: 'review', restoreFirst: false, settle: null },
  'review, settle': { kind: 'review', restoreFirst: false, settle: rows },
  'review, restore first, settle': { kind: 'review', restoreFirst: true, settle: rows },
  'cancelling (streaming)': { kind: 'cancelling', shown: 'streaming', ending, leftover },
  'cancelling (review)': { kind: 'cancelling', shown: 'review', ending, leftover },
  accepted: { kind: 'ended', outcome: 'accepted' },
  cancelled: { kind: 'ended', outcome: 'cancelled' },
};

const EVENTS: Record<string, EditEvent> = {
  start: { type: 'start', reset: false, stream: next },
  'start, reset': { type: 'start', reset: true, stream: next },
  halt: { type: 'halt' },
  restored: { type: 'restored' },
  show: { type: 'show', rows },
  settled: { type: 'settled' },
  cancel: { type: 'cancel', ending, leftover },
  'end accepted': { type: 'end', outcome: 'accepted' },
  'end failed': { type: 'end', outcome: 'failed' },
};

/** Every (phase, event) pair: the phase it leads to (named as in PHASES), or `=` when it changes nothing. */
const TABLE: Record<string, Record<string, string>> = {
  streaming: { start: 'streaming, new stream', 'start, reset': 'streaming, restore first, new stream', halt: 'streaming, halted', restored: '=', show: 'review, settle', settled: '=', cancel: 'cancelling (streaming)', 'end accepted': 'accepted', 'end failed': 'failed' },
  'streaming, restore first': { start: 'streaming, restore first, new stream', 'start, reset': 'streaming, restore first, new stream', halt: 'streaming, restore first, halted', restored: 'streaming', show: 'review, restore first, settle', settled: '=', cancel: 'cancelling (streaming)', 'end accepted': 'accepted', 'end failed': 'failed' },
  'streaming, halted': { start: 'streaming, new stream', 'start, reset': 'streaming, restore first, new stream', halt: '=', restored: '=', show: 'review, settle', settled: '=', cancel: 'cancelling (streaming)', 'end accepted': 'accepted', 'end failed': 'failed' },
  review: { start: 'streaming, new stream', 'start, reset': 'streaming, restore first, new stream', halt: '=', restored: '=', show: 'review, settle', settled: '=', cancel: 'cancelling (review)', 'end accepted': 'accepted', 'end failed': 'failed' },
  'review, settle': { start: 'streaming, new stream', 'start, reset': 'streaming, restore first, new stream', halt: '=', restored: '=', show: 'review, settle', settled: 'review', cancel: 'cancelling (review)', 'end accepted': 'accepted', 'end failed': 'failed' },
  'review, restore first, settle': { start: 'streaming, restore first, new stream', 'start, reset': 'streaming, restore first, new stream', halt: '=', restored: 'review, settle', show: 'review, restore first, settle', settled: 'review, restore first', cancel: 'cancelling (review)', 'end accepted': 'accepted', 'end failed': 'failed' },
  'cancelling (streaming)': { start: '=', 'start, reset': '=', halt: '=', restored: '=', show: '=', settled: '=', cancel: '=', 'end accepted': 'accepted', 'end failed': 'failed' },
  'cancelling (review)': { start: '=', 'start, reset': '=', halt: '=', restored: '=', show: '=', settled: '=', cancel: '=', 'end accepted': 'accepted', 'end failed': 'failed' },
  accepted: { start: '=', 'start, reset': '=', halt: '=', restored: '=', show: '=', settled: '=', cancel: '=', 'end accepted': '=', 'end failed': '=' },
  cancelled: { start: '=', 'start, reset': '=', halt: '=', restored: '=', show: '=', settled: '=', cancel: '=', 'end accepted': '=', 'end failed': '=' },
};

function describePhase(p: EditPhase): string {
  switch (p.kind) {
    case 'streaming':
      return ['streaming', p.restoreFirst ? 'restore first' : '', p.stream === null ? 'halted' : p.stream === next ? 'new stream' : ''].filter(Boolean).join(', ');
    case 'review':
      return ['review', p.restoreFirst ? 'restore first' : '', p.settle ? 'settle' : ''].filter(Boolean).join(', ');
    case 'cancelling':
      return `cancelling (${p.shown})${p.leftover === leftover ? '' : ' without leftover'}`;
    case 'ended':
      return p.outcome;
  }
}

describe('nextEditPhase', () => {
  itFollowsTheTable({ states: PHASES, events: EVENTS, table: TABLE, next: nextEditPhase, describe: describePhase, keyedByDescription: true });

  it('keeps the rows, the ending and the leftover an event brings', () => {
    const shown = nextEditPhase(PHASES.streaming, EVENTS.show);
    expect(shown.kind === 'review' && shown.settle).toBe(rows);
    const cancelling = nextEditPhase(PHASES.review, EVENTS.cancel);
    expect(cancelling).toEqual({ kind: 'cancelling', shown: 'review', ending, leftover });
  });
});

describe('what the session asks a phase', () => {
  it.each(Object.keys(PHASES))('%s', (name) => {
    const p = PHASES[name];
    const open = p.kind === 'streaming' || p.kind === 'review';
    expect(isOpen(p)).toBe(open);
    expect(documentBehind(p)).toBe(open && (name.includes('restore first') || name.includes('settle')));
    expect(runningStream(p)).toBe(p.kind === 'streaming' && !name.includes('halted') ? running : null);
  });
});
