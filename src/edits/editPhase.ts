import type { DiffRow } from '../rewrite/diffRow';
import type { ModelStream } from '../transport/modelClient';
import type { ModelError } from '../transport/modelError';
import type { LeftoverPreview } from './leftoverPreview';

/** How an edit that is being cancelled ends once its leftover preview lines are gone. */
export interface Ending {
  state: 'cancelled' | 'failed';
  note: string;
  error?: ModelError;
}

export type Outcome = 'accepted' | 'rejected' | 'cancelled' | 'failed';

/**
 * Where one pending inline edit stands.
 *
 * - streaming: a rewrite streams into the document. `restoreFirst`: a redirect asked for the
 *   original back before the new rewrite is written. `stream`: the generation whose text is
 *   written; null once it stopped or ended (its result is being handled, or a redirect follows),
 *   so whatever it still sends is ignored.
 * - review: the rewrite is complete (or stopped, or given) and waits for accept or reject.
 *   `settle`: the exact rows to show, until the editor has them.
 * - cancelling: a change to the region (or a failure the editor would not undo yet) ends the
 *   edit; the preview lines it left (`leftover`) are being removed. `shown` is what the user
 *   still sees it as.
 * - ended: accepted, rejected, cancelled or failed; nothing of it is pending.
 */
export type EditPhase =
  | { kind: 'streaming'; restoreFirst: boolean; stream: ModelStream | null }
  | { kind: 'review'; restoreFirst: boolean; settle: DiffRow[] | null }
  | { kind: 'cancelling'; shown: 'streaming' | 'review'; ending: Ending; leftover: LeftoverPreview | null }
  | { kind: 'ended'; outcome: Outcome };

export type EditEvent =
  /** A rewrite starts streaming from `stream`; `reset` after a redirect. */
  | { type: 'start'; reset: boolean; stream: ModelStream }
  /** The running generation stopped or ended: nothing more of it is written. */
  | { type: 'halt' }
  /** The document shows the original again. */
  | { type: 'restored' }
  /** The rows to settle on: the stream ended or was stopped, or a text was given. */
  | { type: 'show'; rows: DiffRow[] }
  /** The document shows the rows to settle on. */
  | { type: 'settled' }
  /** The edit ends once `leftover` preview lines are removed. */
  | { type: 'cancel'; ending: Ending; leftover: LeftoverPreview | null }
  /** The edit is over. */
  | { type: 'end'; outcome: Outcome };

/**
 * The transition table. A pair that changes nothing returns `phase` itself. Ended is final;
 * a cancelling edit only ends.
 */
export function nextEditPhase(phase: EditPhase, event: EditEvent): EditPhase {
  if (phase.kind === 'ended') return phase;
  if (event.type === 'end') return { kind: 'ended', outcome: event.outcome };
  if (phase.kind === 'cancelling') return phase;
  switch (event.type) {
    case 'start':
      return { kind: 'streaming', restoreFirst: phase.restoreFirst || event.reset, stream: event.stream };
    case 'halt':
      return phase.kind === 'streaming' && phase.stream !== null ? { ...phase, stream: null } : phase;
    case 'restored':
      return phase.restoreFirst ? { ...phase, restoreFirst: false } : phase;
    case 'show':
      return { kind: 'review', restoreFirst: phase.restoreFirst, settle: event.rows };
    case 'settled':
      return phase.kind === 'review' && phase.settle !== null ? { ...phase, settle: null } : phase;
    case 'cancel':
      return { kind: 'cancelling', shown: phase.kind, ending: event.ending, leftover: event.leftover };
  }
}

/** Whether the edit takes commands (accept, reject, stop, redirect). */
export function isOpen(phase: EditPhase): phase is Extract<EditPhase, { kind: 'streaming' | 'review' }> {
  return phase.kind === 'streaming' || phase.kind === 'review';
}

/** The generation whose text is written, if one runs. */
export function runningStream(phase: EditPhase): ModelStream | null {
  return phase.kind === 'streaming' ? phase.stream : null;
}

/** Whether the document still has to be brought somewhere (the original back, or rows to settle on). */
export function documentBehind(phase: EditPhase): boolean {
  return isOpen(phase) && (phase.restoreFirst || (phase.kind === 'review' && phase.settle !== null));
}
