import { Lane } from './lane';
import { MAX_LANE_NAMES } from './wsTuning';

/** The lanes of one connection: the default lane plus named ones, reused once free. */
export class LaneTable {
  readonly defaultLane = new Lane(undefined);
  private readonly named = new Map<string, Lane>();

  constructor(private capacity: number) {}

  /** A free lane, or undefined when the connection is full. */
  acquire(lanesMode: boolean): Lane | undefined {
    if (!lanesMode) return this.defaultLane.free ? this.defaultLane : undefined;
    if (this.busy >= this.capacity) return undefined;
    for (const lane of this.named.values()) if (lane.free) return lane;
    if (this.named.size >= MAX_LANE_NAMES) return undefined;
    const name = `l${this.named.size}`;
    const lane = new Lane(name);
    this.named.set(name, lane);
    return lane;
  }

  hasFree(lanesMode: boolean): boolean {
    return lanesMode ? this.busy < this.capacity : this.defaultLane.free;
  }

  get busy(): number {
    let n = this.defaultLane.free ? 0 : 1;
    for (const lane of this.named.values()) if (!lane.free) n++;
    return n;
  }

  /** The server refused another named lane: use only as many as are busy now. */
  limit(): void {
    this.capacity = Math.max(1, this.busy);
  }

  /** The lane of an event: named by its `stream_id`, else the default lane. */
  of(streamId: string | undefined): Lane | undefined {
    return streamId === undefined ? this.defaultLane : this.named.get(streamId);
  }

  byName(streamId: string | undefined): Lane | undefined {
    return streamId === undefined ? undefined : this.named.get(streamId);
  }

  all(): Lane[] {
    return [this.defaultLane, ...this.named.values()];
  }
}
