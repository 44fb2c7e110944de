/** Keeps the last `capacity` items: memory stays flat however long the session runs. */
export class RingBuffer<T> {
  private readonly items: T[] = [];
  private next = 0;
  private pushed = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer, got ${capacity}`);
  }

  push(item: T): void {
    if (this.items.length < this.capacity) this.items.push(item);
    else this.items[this.next] = item;
    this.next = (this.next + 1) % this.capacity;
    this.pushed++;
  }

  get size(): number {
    return this.items.length;
  }

  /** Items ever pushed, including those already overwritten. */
  get total(): number {
    return this.pushed;
  }

  /** Oldest first. */
  values(): T[] {
    if (this.items.length < this.capacity) return [...this.items];
    return [...this.items.slice(this.next), ...this.items.slice(0, this.next)];
  }

  clear(): void {
    this.items.length = 0;
    this.next = 0;
    this.pushed = 0;
  }
}
