import { z } from 'zod';
import type { CardView } from './variantCard';

/**
 * Messages between the extension and the variants view. The view sees the original region,
 * the cards and the model's text (shown as inert text), never the prompt or a credential.
 */
export type ToVariantsView =
  /** The whole state, with each card's text so far: the view may (re)load mid-stream. */
  | { type: 'init'; title: string; instruction: string; original: string[]; cards: CardView[]; texts: string[] }
  | { type: 'card'; card: CardView }
  /** Text of one card, merged since the last message; a newer `generation` starts it afresh. */
  | { type: 'delta'; index: number; generation: number; text: string; card: CardView }
  | { type: 'picked'; index: number }
  | { type: 'notice'; text: string };

/** View to extension. Checked by parseVariantsMessage before use. */
export type FromVariantsView =
  | { type: 'ready' }
  | { type: 'pick'; index: number }
  | { type: 'stopAll' }
  | { type: 'retry'; index: number }
  | { type: 'redirect'; instruction: string; index?: number };

const index = z.number().int().min(0).max(31);

const fromView = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('pick'), index }),
  z.object({ type: z.literal('stopAll') }),
  z.object({ type: z.literal('retry'), index }),
  z.object({ type: z.literal('redirect'), instruction: z.string().trim().min(1).max(10_000), index: index.optional() }),
]);

/** A message from the view, or undefined when it is not one we understand. */
export function parseVariantsMessage(raw: unknown): FromVariantsView | undefined {
  const parsed = fromView.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
