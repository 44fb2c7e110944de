import type { TaskEvent } from './taskRunner';

/** One display frame: streamed text reaches the task's log and views at most this often. */
export const FRAME_MS = 16;

/**
 * Joins a task's streamed text per frame: a model streaming 1,000 tokens a second costs the
 * task's log, persistence and views about 60 updates a second, not 1,000. Any other event sends
 * the text before it first, so the order stays as it happened.
 */
export class TextFrames {
  private text = '';
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly emit: (event: TaskEvent) => void,
    private readonly frameMs = FRAME_MS,
  ) {}

  push(event: TaskEvent): void {
    if (event.type === 'text') {
      this.text += event.text;
      this.timer ??= setTimeout(() => this.flush(), this.frameMs);
      return;
    }
    this.flush();
    this.emit(event);
  }

  /** Sends the text held back, if any (and drops the frame's timer). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.text === '') return;
    const text = this.text;
    this.text = '';
    this.emit({ type: 'text', text });
  }
}
