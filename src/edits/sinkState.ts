/**
 * Where a pending edit stands in its document's undo history, as the editor's sink follows it.
 * Preview batches join one undo step so that one undo after accepting restores the original;
 * a save (auto-save, typically) or someone else's change closes the editor's step at a moment
 * the extension cannot see.
 *
 * - none: no preview batch is in the document yet.
 * - one: every batch so far is in one undo step, still open.
 * - several: saves closed the step: the edit spans several undo steps, all its own. `open`:
 *   the newest still takes batches.
 * - shared: someone else changed the document; their steps are mixed in with the edit's.
 *   `started`: a preview batch is in the document.
 * - undoing: the sink is undoing the edit's own steps (every change meanwhile is its own);
 *   `resume` is where it stands if that fails and everything is redone.
 */
export type EditSteps =
  | { kind: 'none' }
  | { kind: 'one' }
  | { kind: 'several'; open: boolean }
  | { kind: 'shared'; open: boolean; started: boolean }
  | { kind: 'undoing'; resume: Exclude<EditSteps, { kind: 'undoing' }> };

/** Saves, for telling a revert from a save: one under way, or one since the newest batch. */
export type SaveMark = 'none' | 'saving' | 'saved';

export interface SinkState {
  steps: EditSteps;
  save: SaveMark;
}

export type SinkEvent = 'batch' | 'willSave' | 'saved' | 'foreignChange' | 'undoStart' | 'undoEnd';

export const initialSinkState: SinkState = { steps: { kind: 'none' }, save: 'none' };

/** The transition table: the undo steps and the save mark each move on their own. */
export function nextSinkState(state: SinkState, event: SinkEvent): SinkState {
  const steps = nextSteps(state.steps, event);
  const save = nextSave(state.save, event);
  return steps === state.steps && save === state.save ? state : { steps, save };
}

function nextSteps(steps: EditSteps, event: SinkEvent): EditSteps {
  if (steps.kind === 'undoing') {
    if (event === 'undoEnd') return steps.resume;
    // A save meanwhile still closes the step the edit would resume in.
    if (event === 'saved') {
      const resume = nextSteps(steps.resume, event) as Exclude<EditSteps, { kind: 'undoing' }>;
      return resume === steps.resume ? steps : { kind: 'undoing', resume };
    }
    return steps;
  }
  switch (event) {
    case 'batch':
      if (steps.kind === 'none') return { kind: 'one' };
      if (steps.kind === 'one' || steps.open) return steps;
      return steps.kind === 'several' ? { kind: 'several', open: true } : { kind: 'shared', open: true, started: true };
    case 'saved':
      if (steps.kind === 'none') return steps;
      if (steps.kind === 'one') return { kind: 'several', open: false };
      return steps.open ? { ...steps, open: false } : steps;
    case 'foreignChange':
      if (steps.kind === 'shared') return steps.open ? { ...steps, open: false } : steps;
      return { kind: 'shared', open: false, started: steps.kind !== 'none' };
    case 'undoStart':
      return { kind: 'undoing', resume: steps };
    case 'willSave':
    case 'undoEnd':
      return steps;
  }
}

function nextSave(save: SaveMark, event: SinkEvent): SaveMark {
  switch (event) {
    case 'batch':
      return save === 'saving' ? save : 'none';
    case 'willSave':
      return 'saving';
    case 'saved':
      return 'saved';
    default:
      return save;
  }
}

/** A preview batch is in the document (the edit has something to undo or to lose to a revert). */
export function previewStarted(state: SinkState): boolean {
  const s = state.steps.kind === 'undoing' ? state.steps.resume : state.steps;
  return s.kind === 'one' || s.kind === 'several' || (s.kind === 'shared' && s.started);
}

/** Whether the next batch must open a new undo step (none yet, or the last one was closed). */
export function opensStep(state: SinkState): boolean {
  const s = state.steps;
  return s.kind === 'none' || s.kind === 'undoing' || (s.kind !== 'one' && !s.open);
}

/** How reject puts the original back. */
export type RestorePlan = 'undo' | 'edit' | 'workspaceEdit' | 'nothing';

/**
 * Undo when the edit's own steps are the newest and the caller allows it: undoing them restores
 * every byte and the saved state and leaves no undo entry, where an inverse edit would add one
 * (and Ctrl+Z would bring the rewrite back). Else the inverse edits, through the editor showing
 * the document, or a workspace edit when none does.
 */
export function restorePlan(state: SinkState, o: { viaUndo: boolean; edits: number; activeEditor: boolean; anyEditor: boolean }): RestorePlan {
  const own = state.steps.kind === 'one' || state.steps.kind === 'several';
  if (o.viaUndo && own && o.activeEditor) return 'undo';
  if (o.edits === 0) return 'nothing';
  return o.anyEditor ? 'edit' : 'workspaceEdit';
}

/**
 * How accept ends, asked once its batch is in: 'one' when the edit is one undo step; 'fold'
 * when saves split it into several of its own (or one is under way), which are then undone and
 * replaced by one step from the original to the accepted text; 'shared' when someone else's
 * steps are mixed in and are left as they are.
 */
export function acceptPlan(state: SinkState): 'one' | 'fold' | 'shared' {
  const s = state.steps;
  if (s.kind === 'several' || (s.kind === 'one' && state.save === 'saving')) return 'fold';
  return s.kind === 'shared' ? 'shared' : 'one';
}

/**
 * Whether the sink's own change just made a clean document dirty again although the preview is
 * in it and no save happened: it was reverted underneath (closing with "Don't Save" does that).
 */
export function revertedBefore(state: SinkState, dirtyAfter: boolean): boolean {
  return previewStarted(state) && !dirtyAfter && state.save === 'none';
}

/** The document turned clean without a save while the preview is in it (and not by the sink's own undo). */
export function revertedUnderneath(state: SinkState, dirty: boolean): boolean {
  return !dirty && previewStarted(state) && state.save !== 'saving' && state.steps.kind !== 'undoing';
}
