import { describeTask, taskTitle } from './taskSummary';
import type { TaskRecord } from './taskTypes';

/** What a task's row shows: title, figures, state, reason (its tooltip) and folder. */
function rowText(record: TaskRecord, now: number): string {
  return [taskTitle(record), describeTask(record, now), record.state, record.reason ?? '', record.instruction, record.folder].join('\n');
}

/**
 * Which rows of the Tasks view to redraw: only rows that read differently (each redraw is work
 * for the window that paints ghost text); a task coming, going or moving redraws the list.
 */
export class TaskRowChanges {
  private shown = new Map<string, string>();

  /** 'all' when the list itself changed, else the ids whose rows changed (none: nothing to redraw). */
  take(records: readonly TaskRecord[], now: number): 'all' | string[] {
    const next = new Map(records.map((r) => [r.id, rowText(r, now)]));
    const before = [...this.shown.keys()];
    const sameList = before.length === next.size && [...next.keys()].every((id, i) => before[i] === id);
    const changed = sameList ? [...next].filter(([id, text]) => this.shown.get(id) !== text).map(([id]) => id) : 'all';
    this.shown = next;
    return changed;
  }
}
