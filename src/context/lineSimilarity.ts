/** Set of the trimmed, non-empty lines of a text. */
export function lineSet(text: string): Set<string> {
  const out = new Set<string>();
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (t) out.add(t);
  }
  return out;
}

/** Keywords every file shares; they say nothing about relevance. */
export const KEYWORDS = new Set(
  ('function return const let var export import from default class interface type extends implements public private ' +
    'protected static readonly async await new this self def elif else for while break continue true false null None ' +
    'undefined void string number boolean int float bool char struct impl pub use mod package func try catch except ' +
    'finally throw raise with yield lambda and not end').split(' '),
);

/** Identifier-like words of a text, keywords left out (for relevance between code pieces). */
export function wordSet(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.match(/[A-Za-z_$][\w$]{2,}/g) ?? []) if (!KEYWORDS.has(w)) out.add(w);
  return out;
}

/** |a ∩ b| / |a ∪ b|; 0 for two empty sets. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let common = 0;
  for (const x of small) if (large.has(x)) common++;
  return common / (a.size + b.size - common);
}
