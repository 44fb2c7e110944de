import { expect, it } from 'vitest';

/** A state machine's table as a test reads it: every (state, event) pair and what it leads to. */
export interface TransitionTable<S, E> {
  states: Record<string, S>;
  events: Record<string, E>;
  /** Per state and event: the state it leads to, as `describe` names it, or `=` when it changes nothing (the same object back). */
  table: Record<string, Record<string, string>>;
  next(state: S, event: E): S;
  describe(state: S): string;
  /** The states are keyed by what `describe` says of them (checked too). */
  keyedByDescription?: boolean;
}

/** Adds a test per (state, event) pair, and one that the table has a row and a column for each. */
export function itFollowsTheTable<S, E>(t: TransitionTable<S, E>): void {
  const pairs = Object.keys(t.states).flatMap((state) => Object.keys(t.events).map((event) => [state, event] as const));

  it('has an expectation for every state and event', () => {
    expect(pairs).toHaveLength(Object.keys(t.states).length * Object.keys(t.events).length);
    for (const [state, event] of pairs) expect(t.table[state]?.[event], `${state} + ${event}`).toBeDefined();
    if (t.keyedByDescription) for (const [name, state] of Object.entries(t.states)) expect(t.describe(state)).toBe(name);
  });

  it.each(pairs)('%s + %s', (state, event) => {
    const before = t.states[state]!;
    const after = t.next(before, t.events[event]!);
    const expected = t.table[state]![event];
    if (expected === '=') expect(after).toBe(before);
    else {
      expect(after).not.toBe(before);
      expect(t.describe(after)).toBe(expected);
    }
  });
}
