import { charsForTokens } from './tokenEstimate';
import { trimToLines } from './trimToLines';

/** How items are fitted: what each costs, how far it may be cut, and what each is offered. */
export interface FitRule<T> {
  /** Tokens the item costs whole (read when its turn comes: it may depend on what was taken before). */
  cost(item: T): number;
  /** Tokens a cut item costs beside its text (its label). */
  overhead(item: T): number;
  /** Lines a cut item keeps at least; Infinity: whole or not at all. */
  minLines(item: T): number;
  /**
   * What each item is offered: all that is left ('first': the order says what matters most) or an
   * equal part of it with the items still to come ('even': all matter alike; given smallest first,
   * small items stay whole and the largest lose their tails).
   */
  split: 'first' | 'even';
  /** An item taken, whole (`cutLines` undefined) or cut to its first `cutLines` lines; returns the tokens it takes. */
  take(item: T, text: string, cutLines?: number): number;
}

/**
 * The one fitting loop of every prompt's context: the items in order, each taken whole when its
 * cost fits what it is offered, else cut at a line end to fit (keeping its minimum of lines),
 * else left out (a smaller one after it may fit). Returns the tokens left.
 */
export function fitInOrder<T extends { text: string }>(queue: readonly T[], tokens: number, rule: FitRule<T>): number {
  let left = Math.max(0, tokens);
  queue.forEach((item, i) => {
    const offered = rule.split === 'even' ? Math.floor(left / (queue.length - i)) : left;
    if (rule.cost(item) <= offered) {
      left -= rule.take(item, item.text);
      return;
    }
    const min = rule.minLines(item);
    if (!Number.isFinite(min)) return;
    const cut = trimToLines(item.text, charsForTokens(offered - rule.overhead(item)));
    if (cut.lines >= min) left -= rule.take(item, cut.text, cut.lines);
  });
  return left;
}
