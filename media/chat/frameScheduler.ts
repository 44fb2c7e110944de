/**
 * Batches DOM work to one animation frame: however many deltas arrive between two frames,
 * each dirty message renders once, then `afterFrame` runs (keep the transcript scrolled).
 */
export class FrameScheduler {
  private readonly dirty = new Set<() => void>();
  private pending = false;

  constructor(
    private readonly requestFrame: (callback: () => void) => void,
    private readonly afterFrame: () => void,
  ) {}

  schedule(task: () => void): void {
    this.dirty.add(task);
    if (this.pending) return;
    this.pending = true;
    this.requestFrame(() => this.run());
  }

  private run(): void {
    this.pending = false;
    const tasks = [...this.dirty];
    this.dirty.clear();
    for (const task of tasks) task();
    this.afterFrame();
  }
}
