/** Where serialized events go: a WebSocket, an SSE body, or a collector. */
export interface EventSink {
  /** Writes one frame; resolves false when the peer is gone (resolves late under backpressure). */
  write(type: string, frame: string | Buffer): Promise<boolean>;
  /** Ends the connection abruptly (fault injection). */
  destroy(): void;
}
