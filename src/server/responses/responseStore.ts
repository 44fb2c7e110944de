import { LRUCache } from 'lru-cache';
import type { ChatMessage } from '../engine/engine';

export interface StoredResponse {
  id: string;
  model: string;
  instructions: string | null;
  /** The conversation including this response's output. */
  messages: ChatMessage[];
}

/** Stored responses for `previous_response_id`, least recently used evicted past a char budget. */
export class ResponseStore {
  private readonly cache: LRUCache<string, StoredResponse>;

  constructor(maxEntries = 2000, maxChars = 64 * 1024 * 1024) {
    this.cache = new LRUCache({
      max: maxEntries,
      maxSize: maxChars,
      sizeCalculation: (r) =>
        Math.max(1, (r.instructions?.length ?? 0) + r.messages.reduce((n, m) => n + m.content.length, 0)),
    });
  }

  get(id: string): StoredResponse | undefined {
    return this.cache.get(id);
  }

  put(response: StoredResponse): void {
    this.cache.set(response.id, response);
  }

  get size(): number {
    return this.cache.size;
  }
}
