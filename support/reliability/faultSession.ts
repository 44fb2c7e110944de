import type { ModelClient, ModelStream } from '../../src/transport/modelClient';
import type { FaultCase } from './faultCases';
import { afterTokens, allEnded, recordingClient, stateReached, type FaultRig } from './faultRig';

/** Deltas delivered before a mid-stream fault strikes: every surface has shown something by then. */
const MID_STREAM_TOKENS = 12;

/** One case in progress: a fresh client of the rig, with the fault about to strike. */
export interface FaultSession {
  /** The client the surface uses (records every stream). */
  client: ModelClient;
  streams: ModelStream[];
  /** Every line the surface and the transport logged. */
  logs: string[];
  /**
   * Runs the surface's faulted request: applies the mid-stream fault once part of the reply
   * arrived, and waits until every stream it started ended.
   */
  faulted<T>(request: () => Promise<T>): Promise<T>;
  /** Brings the endpoint back (the case's heal, then no faults); the WebSocket pool must be warm again by itself. */
  heal(): Promise<void>;
}

/**
 * Runs `body` against a fresh client with the case's fault armed, and always puts the rig
 * back (endpoint up, no faults) and disposes the client afterwards.
 */
export async function inFaultSession<T>(rig: FaultRig, fc: FaultCase, body: (s: FaultSession) => Promise<T>): Promise<T> {
  await rig.reset();
  const logs: string[] = [];
  if (fc.beforeClient) await fc.beforeClient(rig);
  const raw = rig.client(logs);
  const { client, streams } = recordingClient(raw);
  try {
    if (!fc.beforeClient) await stateReached(raw, 'warm');
    await fc.arm?.(rig);
    const session: FaultSession = {
      client,
      streams,
      logs,
      async faulted(request) {
        const during = fc.midStream ? afterTokens(streams, MID_STREAM_TOKENS, () => fc.midStream!(rig)) : Promise.resolve();
        const result = await request();
        await during;
        await allEnded(streams);
        return result;
      },
      async heal() {
        await fc.heal?.(rig);
        await rig.reset();
        // The WebSocket pool reconnects by itself (a refused key waits for the next request or
        // a new key, by design); HTTP has nothing to keep open and reconnects with the request.
        const refusedKey = fc.expect.kind === 'fails' && fc.expect.code === 'auth';
        if (rig.transport === 'ws' && !refusedKey) await stateReached(raw, 'warm', 5000);
      },
    };
    return await body(session);
  } finally {
    rig.release(raw);
    await rig.reset();
  }
}
