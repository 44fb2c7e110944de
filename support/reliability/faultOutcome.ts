import type { FaultCase } from './faultCases';

export type Surface = 'ghost text' | 'edit' | 'chat';

/** What one surface did under one fault, as the user would see it. */
export interface FaultOutcome {
  surface: Surface;
  fault: string;
  /** How the faulted request ended for the surface. */
  ended: 'failed' | 'succeeded' | 'capped';
  /** The transport's error code behind a failure. */
  code?: string;
  /** Part of the reply reached the surface before the request ended. */
  partial: boolean;
  /** What the user reads about it: one entry per message shown. */
  messages: string[];
  /** A later request through the same client (not a new one) succeeded. */
  recovered: boolean;
  /** Edit: the document ended neither as the original nor as the complete rewrite. */
  halfEdited: boolean;
  /** Chat: the user's message or the part of the answer already shown is missing from the saved conversation. */
  lost: boolean;
  /** Anything unexpected seen on the way, for the failure report. */
  notes: string[];
}

/** Everything about an outcome that contradicts what the case expects (empty: as expected). */
export function violations(fc: FaultCase, o: FaultOutcome): string[] {
  const out: string[] = [];
  const e = fc.expect;
  if (e.kind === 'fails') {
    if (o.ended !== 'failed') out.push(`ended ${o.ended}, expected failed`);
    if (o.code !== e.code) out.push(`error code ${o.code}, expected ${e.code}`);
    if (o.messages.length !== 1) out.push(`${o.messages.length} messages, expected one: ${JSON.stringify(o.messages)}`);
    else if (!e.message.test(o.messages[0])) out.push(`message ${JSON.stringify(o.messages[0])} does not match ${e.message}`);
  } else if (e.kind === 'transparent') {
    if (o.ended !== 'succeeded') out.push(`ended ${o.ended}, expected succeeded`);
    if (o.messages.length !== 0) out.push(`messages shown for a hidden fault: ${JSON.stringify(o.messages)}`);
  } else {
    if (o.ended !== 'capped') out.push(`ended ${o.ended}, expected capped`);
    if (o.messages.length !== 1) out.push(`${o.messages.length} messages, expected one: ${JSON.stringify(o.messages)}`);
  }
  if (fc.afterPartial && !o.partial) out.push('the fault struck before any of the reply arrived');
  if (!o.recovered) out.push('a later request did not succeed');
  if (o.halfEdited) out.push('the document was left half edited');
  if (o.lost) out.push('chat messages were lost');
  return [...out, ...o.notes];
}
