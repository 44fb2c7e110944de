/**
 * `@path` mentions in a chat message. A path with spaces is written `@"a b/c.ts"`. Trailing
 * sentence punctuation is not part of the path ("see @a.ts." mentions a.ts).
 */
const MENTION = /(^|\s)@(?:"([^"\n]+)"|([^\s"]+))/g;

export function parseMentions(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(MENTION)) {
    const path = m[2] ?? m[3]!.replace(/[.,;:!?)\]]+$/, '');
    if (path !== '') out.add(path);
  }
  return [...out];
}

export function formatMention(path: string): string {
  return /\s/.test(path) ? `@"${path}"` : `@${path}`;
}

/** The mention being typed at the caret, for completion: where it starts and the text so far. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | undefined {
  const before = text.slice(0, caret);
  const m = /(^|\s)@("[^"\n]*|[^\s"]*)$/.exec(before);
  if (!m) return undefined;
  const start = before.length - m[2]!.length - 1;
  return { start, query: m[2]!.replace(/^"/, '') };
}
