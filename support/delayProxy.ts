import * as net from 'node:net';

export interface DelayProxyOptions {
  targetPort: number;
  targetHost?: string;
  /** Delay added to every chunk in each direction (a round trip costs twice this). */
  oneWayDelayMs: number;
  /** Bound on simultaneous connections. */
  maxConnections?: number;
}

export interface DelayProxy {
  port: number;
  /** Connections accepted so far (one per TCP handshake the client made). */
  readonly accepted: number;
  /** Drops every connection (as a network failure would) but keeps listening. */
  dropAll(): void;
  /** Current connections go silent without closing (a dead network path); new ones work. */
  freezeAll(): void;
  close(): Promise<void>;
}

// A slow reader pauses its writer beyond this many bytes in flight, so memory stays bounded.
const MAX_PENDING_BYTES = 1 << 20;

/**
 * A TCP proxy on 127.0.0.1 that delays each direction by a fixed time (and connection setup by
 * a round trip), to give loopback tests and benchmarks a network. Counts connections, so tests
 * can tell whether a request opened a new one.
 */
export async function startDelayProxy(o: DelayProxyOptions): Promise<DelayProxy> {
  const sockets = new Set<net.Socket>();
  const frozen = new WeakSet<net.Socket>();
  let accepted = 0;
  const server = net.createServer({ noDelay: true }, (client) => {
    accepted++;
    const upstream = net.connect({ port: o.targetPort, host: o.targetHost ?? '127.0.0.1', noDelay: true });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    // On a real network the TCP handshake costs a round trip before the first byte can go
    // out; loopback accepts at once, so hold the client's first bytes back that long instead.
    const establishedAt = performance.now() + 2 * o.oneWayDelayMs;
    relay(client, upstream, o.oneWayDelayMs, frozen, establishedAt);
    relay(upstream, client, o.oneWayDelayMs, frozen, 0);
  });
  server.maxConnections = o.maxConnections ?? 64;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    get accepted() {
      return accepted;
    },
    dropAll() {
      for (const s of sockets) s.destroy();
    },
    freezeAll() {
      for (const s of sockets) frozen.add(s);
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Forwards `from` to `to` after the delay, keeping order, ending and closing in step. */
function relay(from: net.Socket, to: net.Socket, delayMs: number, frozen: WeakSet<net.Socket>, notBefore: number): void {
  // One FIFO and one timer per direction: timers of different lengths could reorder chunks.
  const queue: { at: number; run: () => void }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = 0;
  const flush = () => {
    timer = undefined;
    while (queue.length > 0 && queue[0].at <= performance.now()) queue.shift()!.run();
    if (queue.length > 0) timer = setTimeout(flush, Math.max(0, queue[0].at - performance.now()));
  };
  const later = (run: () => void) => {
    queue.push({ at: Math.max(performance.now(), notBefore) + delayMs, run });
    if (timer === undefined) timer = setTimeout(flush, Math.max(0, queue[0].at - performance.now()));
  };
  from.on('data', (chunk: Buffer) => {
    if (frozen.has(from)) return;
    pending += chunk.length;
    if (pending > MAX_PENDING_BYTES) from.pause();
    later(() => {
      pending -= chunk.length;
      if (!to.destroyed) to.write(chunk);
      if (pending <= MAX_PENDING_BYTES && from.isPaused()) from.resume();
    });
  });
  from.on('end', () => later(() => to.end()));
  // An orderly end was forwarded above; an abrupt close is passed on as one.
  from.on('close', (hadError) => later(() => (hadError || !from.readableEnded ? to.destroy() : undefined)));
}
