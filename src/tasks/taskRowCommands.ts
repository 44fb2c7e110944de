/** A registration to undo (the editor's Disposable, without importing it). */
export interface Registration {
  dispose(): void;
}

/** The command a click on a task's row runs: one of its own, carrying no arguments. */
export const taskRowCommand = (taskId: string): string => `flint.tasks.showLog.${taskId}`;

/**
 * One click command per listed task. A row's command with arguments is kept by the editor under a
 * key the row drops at each redraw, and a click landing between a redraw and its arrival fails
 * ("Actual command not found"): a running task's row redraws every second. A command of its own
 * per task, with no arguments, has no such key.
 */
export class TaskRowCommands {
  private readonly registered = new Map<string, Registration>();

  constructor(private readonly register: (command: string, taskId: string) => Registration) {}

  /** Registers the commands of tasks new to the list and drops those of tasks gone from it. */
  sync(taskIds: readonly string[]): void {
    const listed = new Set(taskIds);
    for (const [id, registration] of this.registered) {
      if (listed.has(id)) continue;
      registration.dispose();
      this.registered.delete(id);
    }
    for (const id of listed) if (!this.registered.has(id)) this.registered.set(id, this.register(taskRowCommand(id), id));
  }

  dispose(): void {
    for (const registration of this.registered.values()) registration.dispose();
    this.registered.clear();
  }
}
