import type { ChangeSet } from './changeSet';
import type { TaskRecord } from './taskTypes';

export interface HandoffTasks {
  list(): TaskRecord[];
  onChange(listener: (record: TaskRecord) => void): () => void;
  discard(id: string): Promise<void>;
}

export interface HandoffResults {
  underReview(): { changeSet: ChangeSet }[];
  revertible(): string[];
  add(changeSet: ChangeSet): Promise<void>;
  onDidChange(listener: () => void): { dispose(): void };
}

/**
 * Puts every done task's change set under review, and once its review ends (every file accepted
 * or discarded, or Discard All) forgets the task, which removes its working copy. `loaded`
 * settles when the saved results were read: before that, an ended review looks like a new one.
 */
export function handOffResults(tasks: HandoffTasks, results: HandoffResults, loaded: Promise<void>, onError: (message: string) => void): () => void {
  const reviewed = new Set<string>();
  const adding = new Set<string>();
  // Being removed: a Revert Task before the removal ends must not bring its result back under review.
  const discarding = new Set<string>();
  let ready = false;
  const reconcile = () => {
    if (!ready) return;
    const open = new Set(results.underReview().map((r) => r.changeSet.taskId));
    const applied = new Set(results.revertible());
    for (const r of tasks.list()) {
      if (r.state !== 'done' || !r.changeSet || r.changeSet.files.length === 0) continue;
      if (open.has(r.id)) reviewed.add(r.id);
      else if (discarding.has(r.id)) continue;
      else if (reviewed.has(r.id) || applied.has(r.id)) {
        reviewed.delete(r.id);
        discarding.add(r.id);
        void tasks.discard(r.id).catch((err: unknown) => onError(`task ${r.id} could not be removed: ${String(err)}`));
      } else if (!adding.has(r.id)) {
        adding.add(r.id);
        void results
          .add(r.changeSet)
          .catch((err: unknown) => onError(`the result of task ${r.id} could not be put under review: ${String(err)}`))
          .finally(() => adding.delete(r.id));
      }
    }
  };
  const offTasks = tasks.onChange(reconcile);
  const offResults = results.onDidChange(reconcile);
  void loaded.then(() => {
    ready = true;
    reconcile();
  });
  return () => {
    offTasks();
    offResults.dispose();
  };
}
