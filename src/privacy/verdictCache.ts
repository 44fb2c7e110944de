/**
 * Yes/no answers remembered per key for a short time: the deny-list verdict of the document
 * being typed in is asked on every keystroke, and its answer (settings, workspace folders,
 * where a link points) rarely changes. Whoever knows of a change calls `clear`; the age limit
 * bounds how long a change nobody reported (a link retargeted outside the editor) goes unseen.
 */
export class VerdictCache {
  private readonly entries = new Map<string, { value: boolean; at: number }>();

  constructor(
    private readonly now: () => number,
    private readonly maxAgeMs: number,
    private readonly maxEntries = 1000,
  ) {}

  get(key: string, compute: () => boolean): boolean {
    const t = this.now();
    const hit = this.entries.get(key);
    if (hit && t - hit.at <= this.maxAgeMs) return hit.value;
    const value = compute();
    if (!hit && this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, at: t });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
