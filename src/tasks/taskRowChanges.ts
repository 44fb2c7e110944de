import { describeTask, taskTitle } from './taskSummary';
import type { TaskRecord } from './taskTypes';

/** What a task's row shows besides its figures: title, state, reason (its tooltip) and folder. */
function rowKey(record: TaskRecord): string {
  return [taskTitle(record), record.state, record.reason ?? '', record.instruction, record.folder].join('\n');
}

interface Shown {
  key: string;
  figures: string;
}

/**
 * Which rows of the Tasks view to redraw: only rows that read differently (each redraw is work
 * for the window that paints ghost text); a task coming, going or moving redraws the list. With
 * `figures: false` a row whose figures alone moved (tokens, elapsed time, turns, cost) waits for
 * the next take with figures: a task streaming at 1,000 tokens a second changes its token count
 * ten times a second, and its state, which the user acts on, still shows at once.
 */
export class TaskRowChanges {
  private shown = new Map<string, Shown>();

  /** 'all' when the list itself changed, else the ids whose rows changed (none: nothing to redraw). */
  take(records: readonly TaskRecord[], now: number, { figures = true }: { figures?: boolean } = {}): 'all' | string[] {
    const before = [...this.shown.keys()];
    const sameList = before.length === records.length && records.every((r, i) => before[i] === r.id);
    const next = new Map<string, Shown>();
    const changed: string[] = [];
    for (const r of records) {
      const was = this.shown.get(r.id);
      const key = rowKey(r);
      const redraw = !sameList || was?.key !== key || figures;
      const row = redraw ? { key, figures: describeTask(r, now) } : was!;
      if (sameList && (was?.key !== row.key || was.figures !== row.figures)) changed.push(r.id);
      next.set(r.id, row);
    }
    this.shown = next;
    return sameList ? changed : 'all';
  }
}
