import { taskTitle } from './taskSummary';
import { ACTIVE_STATES, type TaskRecord, type TaskState } from './taskTypes';

/** A button on a task's end notification; each runs the command of the same name on that task. */
export type TaskEndAction = 'Review' | 'Resume' | 'Show Log';

export interface TaskEndNotice {
  level: 'info' | 'warning';
  text: string;
  actions: TaskEndAction[];
}

/** What the editor knows beside the record when a task changes. */
export interface TaskEndSeen {
  /** Its state when this window last saw it; undefined for a task not seen change yet (one of an earlier window). */
  before: TaskState | undefined;
  /** The user asked for this stop (Stop): they know it stopped. */
  stoppedByUser: boolean;
  /** The Tasks view is on screen: the row shows the end, with its Review button. */
  tasksViewVisible: boolean;
}

/**
 * The one notification a task's end raises, if any: only when this window saw it run and it
 * ended (a result forgotten after its review, or a task of an earlier window, raises none).
 * Done: with Review when it changed files (the review opens from it and adds no notification of
 * its own), none while the Tasks view shows the row and its Review. Failed, or stopped by a
 * budget: with Resume. Stopped by the user: none.
 */
export function taskEndNotice(record: TaskRecord, seen: TaskEndSeen): TaskEndNotice | undefined {
  if (seen.before === undefined || !ACTIVE_STATES.includes(seen.before)) return undefined;
  const title = taskTitle(record, 50);
  switch (record.state) {
    case 'done': {
      if (seen.tasksViewVisible) return undefined;
      const n = record.filesChanged;
      return { level: 'info', text: `Flint task done: ${title} (${n} ${n === 1 ? 'file' : 'files'} changed)`, actions: n > 0 ? ['Review', 'Show Log'] : ['Show Log'] };
    }
    case 'failed':
      return { level: 'warning', text: `Flint task failed: ${title}: ${record.reason ?? 'no reason given'}`, actions: ['Resume', 'Show Log'] };
    case 'stopped':
      if (seen.stoppedByUser) return undefined;
      return { level: 'warning', text: `Flint task stopped: ${title}: ${record.reason ?? 'no reason given'}`, actions: ['Resume', 'Show Log'] };
    default:
      return undefined;
  }
}
