/** The JSON inside a reply that wrapped it in a Markdown code fence (```json … ```), else the reply. */
export function stripJsonFence(text: string): string {
  const fenced = /^\s*```[\w-]*[ \t]*\r?\n([\s\S]*?)\r?\n?```\s*$/.exec(text);
  return (fenced ? fenced[1] : text).trim();
}
