export interface SseFrame {
  event?: string;
  data: string;
}

/** Reads a whole SSE body into frames (tests only; a real client parses incrementally). */
export async function readSse(res: Response): Promise<SseFrame[]> {
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const frame: SseFrame = { data: '' };
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) frame.event = line.slice(7);
        else if (line.startsWith('data: ')) frame.data += line.slice(6);
      }
      return frame;
    });
}

export function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}
