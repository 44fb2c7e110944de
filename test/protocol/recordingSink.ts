import type { ResponsesEventSink } from '../../src/protocol/readResponsesEvent';

/** Records every sink call as [method, ...args]. */
export function recordingSink(): ResponsesEventSink & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  const rec =
    (name: string) =>
    (...args: unknown[]) =>
      void calls.push([name, ...args]);
  return {
    calls,
    delta: rec('delta'),
    created: rec('created'),
    end: rec('end'),
    steer: rec('steer'),
    error: rec('error'),
    malformed: rec('malformed'),
    functionCall: rec('functionCall'),
    argumentsDelta: rec('argumentsDelta'),
  };
}
