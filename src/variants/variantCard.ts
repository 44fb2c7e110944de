/**
 * One variant as the view shows it. `generation` grows each time the variant starts over
 * (retry, redirect): text deltas of an older generation are ignored and the view starts the
 * card's text afresh.
 */
export type CardStatus =
  /** Not sent yet: waiting for a free slot (the endpoint refused parallel requests). */
  | 'queued'
  /** Sent, no text yet. */
  | 'waiting'
  | 'streaming'
  /** Complete. */
  | 'done'
  /** Stopped by the user (or cut at the output limit): the partial text is kept. */
  | 'stopped'
  | 'failed'
  /** Another variant was picked, or the view closed. */
  | 'cancelled';

export interface CardView {
  index: number;
  approach: string;
  status: CardStatus;
  generation: number;
  route: 'fast' | 'full';
  model: string;
  /** The router's reasons (and any fallback). */
  reasons: string[];
  instruction: string;
  firstTokenMs?: number;
  tokensPerSecond?: number;
  tokens: number;
  /** Why it is queued, stopped or failed. */
  note?: string;
}

/** Still producing or about to: what "stop all" and closing the view end. */
export function isActive(status: CardStatus): boolean {
  return status === 'queued' || status === 'waiting' || status === 'streaming';
}
