/**
 * Notices a task going round in circles: the same call with the same arguments made again and
 * again, or turn after turn without a file changed. Arguments are compared as parsed JSON, so
 * key order and spacing do not hide a repeat.
 */
export class LoopGuard {
  private readonly seen = new Map<string, number>();
  private idleTurns = 0;

  constructor(
    private readonly repeatedCalls: number,
    private readonly turnsWithoutChange: number,
  ) {}

  /** Counts a call; returns a message for the model's log when this call reaches the repeat limit. */
  call(name: string, args: string): string | undefined {
    const key = `${name}\u0000${canonical(args)}`;
    const n = (this.seen.get(key) ?? 0) + 1;
    this.seen.set(key, n);
    return n >= this.repeatedCalls ? `The same ${name} call with the same arguments was made ${n} times: the task is going round in circles.` : undefined;
  }

  /** Ends a turn; returns a message when too many turns in a row changed no file. */
  turnEnded(changedFiles: boolean): string | undefined {
    this.idleTurns = changedFiles ? 0 : this.idleTurns + 1;
    // A change also clears the repeats: reading a file again after editing it is progress.
    if (changedFiles) this.seen.clear();
    return this.idleTurns >= this.turnsWithoutChange ? `${this.idleTurns} turns in a row changed no file: the task is not making progress.` : undefined;
  }
}

function canonical(args: string): string {
  try {
    return JSON.stringify(sortKeys(JSON.parse(args)));
  } catch {
    return args.trim();
  }
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
  return v;
}
