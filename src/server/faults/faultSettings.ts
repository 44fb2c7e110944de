import { z } from 'zod';

// Every fault applies to each new request (or connection) while set; `times` limits it to
// that many, so "fails, then recovers" is one setting.
const times = { times: z.number().int().positive().optional() };
const count = z.number().int().nonnegative();

export const faultSettingsSchema = z
  .object({
    /** Close the connection abruptly after this many events of a response. */
    dropAfterEvents: z.object({ after: count, ...times }).strict().optional(),
    /** Replace event number `after` of a response with a frame that is not JSON. */
    malformedFrame: z.object({ after: count, ...times }).strict().optional(),
    /** Send an error event after `after` events and end the response there. */
    errorEvent: z
      .object({
        after: count,
        status: z.number().int().default(500),
        code: z.string().default('server_error'),
        type: z.string().default('server_error'),
        message: z.string().default('The server had an error while processing your request.'),
        ...times,
      })
      .strict()
      .optional(),
    /** Reject requests with 429 and a retry-after. */
    rateLimit: z.object({ retryAfterSeconds: z.number().nonnegative().default(1), ...times }).strict().optional(),
    /** Reject requests with 401 whatever the credentials. */
    unauthorized: z.object({ ...times }).strict().optional(),
    /** Pause after `afterTokens` tokens for `ms` (0: until the client goes away). */
    stall: z.object({ afterTokens: count, ms: count.default(0), ...times }).strict().optional(),
    /** Ignore the reply and the token cap: stream this many filler tokens. */
    enormousOutput: z.object({ tokens: z.number().int().positive(), ...times }).strict().optional(),
    /** The delta after `afterTokens` tokens carries bytes that are not valid UTF-8. */
    invalidUtf8: z.object({ afterTokens: count, ...times }).strict().optional(),
    /** WebSocket handshakes are answered 503, as by a proxy that blocks WebSockets; HTTP still works. */
    refuseWebSocket: z.object({ ...times }).strict().optional(),
    /** WebSocket connections end with websocket_connection_limit_reached after `afterMs`. */
    connectionLimit: z.object({ afterMs: count, ...times }).strict().optional(),
  })
  .strict();

export type FaultSettings = z.infer<typeof faultSettingsSchema>;
export type FaultSettingsInput = z.input<typeof faultSettingsSchema>;
export type FaultKind = keyof FaultSettings;
