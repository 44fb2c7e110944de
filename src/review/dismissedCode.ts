/**
 * Code the user dismissed findings for, keyed on its content (not its line numbers), so moving
 * it keeps it quiet and changing it lets the review speak again. Bounded: the oldest go first.
 */
export class DismissedCode {
  private readonly keys: Set<string>;

  constructor(
    saved: readonly unknown[] = [],
    private readonly capacity = 500,
  ) {
    this.keys = new Set(saved.filter((k): k is string => typeof k === 'string').slice(-capacity));
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }

  add(key: string): void {
    this.keys.delete(key);
    this.keys.add(key);
    while (this.keys.size > this.capacity) this.keys.delete(this.keys.values().next().value as string);
  }

  /** What to store between sessions. */
  toJSON(): string[] {
    return [...this.keys];
  }
}

/** The key of some lines of code: their text without indentation or trailing blanks, hashed. */
export function codeKey(lines: readonly string[]): string {
  const text = lines.map((l) => l.trim()).join('\n');
  // FNV-1a, 32 bits, twice with different seeds: short keys, collisions out of reach in practice.
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return `${a.toString(36)}${b.toString(36)}:${text.length}`;
}
