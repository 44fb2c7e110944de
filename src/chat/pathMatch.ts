/**
 * Workspace paths matching what the user typed after `@`, best first: a file name starting with
 * the query, then containing it, then a path containing it, then the query's characters in
 * order. Shorter paths win ties, so `@main` offers src/main.ts before test/unit/main.test.ts.
 */
export function rankPaths(paths: readonly string[], query: string, limit: number): string[] {
  const q = query.toLowerCase();
  const scored: { path: string; score: number }[] = [];
  for (const path of paths) {
    const score = scoreOf(path.toLowerCase(), q);
    if (score > 0) scored.push({ path, score });
  }
  scored.sort((a, b) => b.score - a.score || a.path.length - b.path.length || a.path.localeCompare(b.path));
  return scored.slice(0, limit).map((s) => s.path);
}

function scoreOf(path: string, q: string): number {
  if (q === '') return 1;
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (name.startsWith(q)) return 4;
  if (name.includes(q)) return 3;
  if (path.includes(q)) return 2;
  let i = 0;
  for (const ch of path) if (ch === q[i]) i++;
  return i === q.length ? 1 : 0;
}
