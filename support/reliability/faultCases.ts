import type { FaultSettingsInput } from '../../src/server/faults/faultSettings';
import type { ModelErrorCode } from '../../src/transport/modelError';
import { pause, type FaultRig } from './faultRig';

/** What the user should get from a request hit by the fault. */
export type Expected =
  /** The request fails with one message naming what happened (and what to do). */
  | { kind: 'fails'; code: ModelErrorCode; message: RegExp }
  /** The transport hides the fault: the request succeeds as if nothing happened. */
  | { kind: 'transparent' }
  /** The output is cut at the client's bound and ends like an output limit. */
  | { kind: 'capped' };

export interface FaultCase {
  name: string;
  /** Before the client exists (the endpoint is down when the editor starts). */
  beforeClient?(rig: FaultRig): Promise<void>;
  /** With the client warm, right before the request. */
  arm?(rig: FaultRig): Promise<void>;
  /** Once part of the reply has arrived. */
  midStream?(rig: FaultRig): Promise<void>;
  /** The endpoint comes back; the rig's reset runs after this in any case. */
  heal?(rig: FaultRig): Promise<void>;
  expect: Expected;
  /** The fault strikes after part of the reply reached the surface (checked, so the case tests what it says). */
  afterPartial?: boolean;
  /** Transports the fault exists on (default both). */
  transports?: Transport[];
}

export type Transport = 'ws' | 'http';

/** The endpoint as messages name it, on either transport. */
const ENDPOINT = String.raw`(ws|http)://127\.0\.0\.1:\d+/v1(/responses)?`;
const LOST = new RegExp(`Connection to ${ENDPOINT} (closed \\(code 1006\\)|was lost while the response was streaming)`);

/** Slow enough that a reply is still streaming when a mid-stream fault strikes. */
const SLOW = { tokensPerSecond: 60, fullTokensPerSecond: 60 };
/** Paced like a fast model, so the surface has shown part of the reply before a fault at event 24. */
const PACED = { tokensPerSecond: 200, fullTokensPerSecond: 200 };

/** Arms per-response faults with the reply paced. */
function paced(rig: FaultRig, faults: FaultSettingsInput): void {
  rig.endpoint.setKnobs(PACED);
  rig.endpoint.setFaults(faults);
}

/** Every fault of the issue; each runs against the WebSocket transport and, where it exists there, HTTP. */
export const FAULT_CASES: FaultCase[] = [
  {
    name: 'socket dropped mid-stream',
    arm: async (rig) => paced(rig, { dropAfterEvents: { after: 24, times: 1 } }),
    expect: { kind: 'fails', code: 'network', message: LOST },
    afterPartial: true,
  },
  {
    name: 'socket dropped before the first token',
    arm: async (rig) => rig.endpoint.setFaults({ dropAfterEvents: { after: 2, times: 1 } }),
    expect: { kind: 'transparent' },
  },
  {
    name: 'endpoint down at start, coming back',
    beforeClient: (rig) => rig.stop(),
    heal: (rig) => rig.start(),
    expect: { kind: 'fails', code: 'network', message: new RegExp(`Cannot reach ${ENDPOINT}: connect ECONNREFUSED`) },
  },
  {
    name: 'endpoint goes down mid-stream, coming back',
    arm: async (rig) => rig.endpoint.setKnobs(SLOW),
    midStream: (rig) => rig.stop(),
    heal: (rig) => rig.start(),
    expect: { kind: 'fails', code: 'network', message: LOST },
    afterPartial: true,
  },
  {
    name: 'endpoint restarted mid-stream',
    arm: async (rig) => rig.endpoint.setKnobs(SLOW),
    midStream: (rig) => rig.restart(),
    expect: { kind: 'fails', code: 'network', message: LOST },
    afterPartial: true,
  },
  {
    name: 'malformed frame',
    arm: async (rig) => paced(rig, { malformedFrame: { after: 24, times: 1 } }),
    expect: { kind: 'fails', code: 'protocol', message: /sent a malformed event: .*JSON/ },
    afterPartial: true,
  },
  {
    name: 'error event',
    arm: async (rig) => paced(rig, { errorEvent: { after: 24, status: 500, code: 'server_error', message: 'The engine overheated.', times: 1 } }),
    expect: { kind: 'fails', code: 'server', message: /\((HTTP 500|server_error)\): The engine overheated\./ },
    afterPartial: true,
  },
  {
    name: '401 unauthorized',
    // Only a new connection is authenticated: restart the endpoint refusing every key.
    arm: (rig) => rig.restart({ faults: { unauthorized: {} } }),
    heal: async (rig) => rig.endpoint.setFaults({}),
    expect: { kind: 'fails', code: 'auth', message: /refused the API key \(HTTP 401\).*Flint: Set API Key/ },
  },
  {
    name: '429 with retry-after',
    arm: async (rig) => rig.endpoint.setFaults({ rateLimit: { retryAfterSeconds: 1, times: 1 } }),
    expect: { kind: 'fails', code: 'rate_limit', message: /limiting requests \(HTTP 429\).*Retry in 1 s\./ },
  },
  {
    name: 'connection limit reached while idle',
    transports: ['ws'],
    arm: async (rig) => {
      await rig.restart({ faults: { connectionLimit: { afterMs: 100, times: 1 } } });
      await pause(250);
    },
    expect: { kind: 'transparent' },
  },
  {
    name: 'connection limit reached mid-stream',
    transports: ['ws'],
    arm: (rig) => rig.restart({ faults: { connectionLimit: { afterMs: 500, times: 1 } }, knobs: SLOW }),
    expect: { kind: 'fails', code: 'network', message: /time limit \(websocket_connection_limit_reached\)/ },
    afterPartial: true,
  },
  {
    name: 'no first token in time',
    arm: async (rig) => rig.endpoint.setKnobs({ firstTokenDelayMs: 3500, fullDelayMs: 3500 }),
    heal: async (rig) => rig.endpoint.setKnobs({ firstTokenDelayMs: 0, fullDelayMs: 0 }),
    expect: { kind: 'fails', code: 'timeout', message: /No response from .* within 2000 ms \(setting "flint\.request\.firstTokenTimeoutMs"\)/ },
  },
  {
    name: 'stream stalls',
    arm: async (rig) => paced(rig, { stall: { afterTokens: 20, ms: 0, times: 1 } }),
    expect: { kind: 'fails', code: 'timeout', message: /stalled: no token for \d+ ms \(setting "flint\.request\.stallTimeoutMs"\)/ },
    afterPartial: true,
  },
  {
    name: 'enormous output',
    arm: async (rig) => rig.endpoint.setFaults({ enormousOutput: { tokens: 30_000, times: 1 } }),
    expect: { kind: 'capped' },
    afterPartial: true,
  },
  {
    name: 'invalid UTF-8',
    arm: async (rig) => paced(rig, { invalidUtf8: { afterTokens: 20, times: 1 } }),
    expect: { kind: 'fails', code: 'protocol', message: /sent a malformed event: .*not valid UTF-8/ },
    afterPartial: true,
  },
];

/** The cases that exist on a transport. */
export function casesFor(transport: Transport): FaultCase[] {
  return FAULT_CASES.filter((fc) => !fc.transports || fc.transports.includes(transport));
}
