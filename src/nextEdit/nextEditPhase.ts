import type { ShownPrediction } from './nextEditEngine';
import type { OffsetEdit } from './typeThrough';

/** A line of a document: where an edit's pause was armed. */
export interface DocLine {
  key: string;
  line: number;
}

/**
 * Where next edit stands, as one value.
 *
 * - idle: nothing shown, nothing asked, no pause running.
 * - waiting: the pause (or the cursor's settling) before asking; `pauseLine` is the line of the
 *   edit whose pause it is, while it is one (not a move's settling).
 * - asking: the request is on its way.
 * - shown: a prediction is on screen; `origin` is its edit as first shown (to shift the queued
 *   edits once it is done), `typedInto` whether the user typed into it, `queue` the edits offered
 *   after it.
 *
 * A phase's controller is aborted when the phase is left.
 */
export type NextEditPhase =
  | { kind: 'idle' }
  | { kind: 'waiting'; controller: AbortController; pauseLine?: DocLine }
  | { kind: 'asking'; controller: AbortController }
  | { kind: 'shown'; prediction: ShownPrediction; origin: OffsetEdit; typedInto: boolean; queue: readonly OffsetEdit[] };

export type NextEditEvent =
  /** An edit (with the line of its pause) or a move starts a pause before asking; it replaces a pause or request. */
  | { type: 'wait'; controller: AbortController; pauseLine?: DocLine }
  /** The pause `waited` ran out and the trigger says ask. */
  | { type: 'ask'; waited: AbortController; controller: AbortController }
  /** The pause or request `controller` ended without a prediction. */
  | { type: 'over'; controller: AbortController }
  /** An edit is offered; `queue` follows it. */
  | { type: 'show'; prediction: ShownPrediction; queue: readonly OffsetEdit[] }
  /** The shown edit is drawn anew: typed into (`typedInto`), or moved to in place. */
  | { type: 'redraw'; prediction: ShownPrediction; typedInto: boolean }
  /** A change stops the pause and the request; a shown prediction stays for the change to judge. */
  | { type: 'cancel' }
  /** Nothing shown, queued or asked. */
  | { type: 'clear' };

/** The transition table. A pair that changes nothing returns `phase` itself. */
export function nextNextEditPhase(phase: NextEditPhase, event: NextEditEvent): NextEditPhase {
  switch (event.type) {
    case 'wait':
      return phase.kind === 'shown' ? phase : { kind: 'waiting', controller: event.controller, pauseLine: event.pauseLine };
    case 'ask':
      return phase.kind === 'waiting' && phase.controller === event.waited ? { kind: 'asking', controller: event.controller } : phase;
    case 'over':
      return (phase.kind === 'waiting' || phase.kind === 'asking') && phase.controller === event.controller ? { kind: 'idle' } : phase;
    case 'show':
      return phase.kind === 'waiting' ? phase : { kind: 'shown', prediction: event.prediction, origin: event.prediction.edit, typedInto: false, queue: event.queue };
    case 'redraw':
      return phase.kind === 'shown' ? { ...phase, prediction: event.prediction, typedInto: phase.typedInto || event.typedInto } : phase;
    case 'cancel':
      return phase.kind === 'waiting' || phase.kind === 'asking' ? { kind: 'idle' } : phase;
    case 'clear':
      return phase.kind === 'idle' ? phase : { kind: 'idle' };
  }
}

/** The controller a phase holds (aborted when the phase is left), if any. */
export function controllerOf(phase: NextEditPhase): AbortController | undefined {
  return phase.kind === 'waiting' || phase.kind === 'asking' ? phase.controller : undefined;
}
