export interface LaneTask {
  /** Runs the task; the lane is busy until the promise settles. */
  start(): Promise<void>;
  /** Called once when the task is next on its lane but every slot is taken. */
  queued(): void;
  /** Called instead of start when the scheduler is closed before the task ran. */
  dropped(): void;
}

interface Lane {
  running: boolean;
  queue: LaneTask[];
}

/** First-in-first-out within a lane, lanes concurrent up to `maxInFlight` running tasks. */
export class LaneScheduler {
  private readonly lanes = new Map<string, Lane>();
  private readonly blocked: string[] = [];
  private readonly notified = new WeakSet<LaneTask>();
  private inFlight = 0;
  private closed = false;

  constructor(private readonly maxInFlight: number) {}

  get running(): number {
    return this.inFlight;
  }

  /** Queues a task; `front` puts it ahead of the lane's waiting tasks (a steered successor). */
  submit(laneName: string, task: LaneTask, front = false): void {
    if (this.closed) return task.dropped();
    let lane = this.lanes.get(laneName);
    if (!lane) this.lanes.set(laneName, (lane = { running: false, queue: [] }));
    if (front) lane.queue.unshift(task);
    else lane.queue.push(task);
    this.pump(laneName);
  }

  /** Drops every waiting task; running ones finish on their own. */
  close(): void {
    this.closed = true;
    for (const lane of this.lanes.values()) for (const task of lane.queue.splice(0)) task.dropped();
    this.blocked.length = 0;
  }

  private pump(laneName: string): void {
    const lane = this.lanes.get(laneName);
    if (!lane || lane.running || this.closed) return;
    const task = lane.queue[0];
    if (!task) {
      this.lanes.delete(laneName);
      return;
    }
    if (this.inFlight >= this.maxInFlight) {
      if (!this.blocked.includes(laneName)) this.blocked.push(laneName);
      if (!this.notified.has(task)) {
        this.notified.add(task);
        task.queued();
      }
      return;
    }
    lane.queue.shift();
    lane.running = true;
    this.inFlight++;
    const finish = () => {
      lane.running = false;
      this.inFlight--;
      while (this.blocked.length && this.inFlight < this.maxInFlight) this.pump(this.blocked.shift()!);
      this.pump(laneName);
    };
    task.start().then(finish, finish);
  }
}
