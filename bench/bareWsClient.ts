import WebSocket from 'ws';

/**
 * The barest client of the Responses WebSocket mode: one socket, one `response.create` at a
 * time, the same frame Flint writes (instructions, input, output limit, `store: false`, a lane
 * name), each frame JSON-parsed as any client must, and the clock stopped once the first text
 * delta is in hand. What it measures is the network path and the server's own time, the floor
 * any client pays; Flint's overhead is what it adds on top.
 */
export interface BareWsClient {
  firstTokenMs(model: string, instructions: string): Promise<number>;
  close(): void;
}

export async function connectBareWs(url: string, ca: string): Promise<BareWsClient> {
  const ws = new WebSocket(url, { ca, perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.setMaxListeners(0);
  return {
    firstTokenMs(model, instructions) {
      return new Promise((resolve, reject) => {
        const t0 = performance.now();
        let first: number | undefined;
        const onMessage = (data: WebSocket.RawData) => {
          const event = JSON.parse(String(data)) as { type?: string; delta?: unknown };
          if (first === undefined && event.type === 'response.output_text.delta' && typeof event.delta === 'string') first = performance.now() - t0;
          if (event.type === 'response.completed' || event.type === 'response.incomplete' || event.type === 'response.failed' || event.type === 'error') {
            ws.off('message', onMessage);
            if (first === undefined) reject(new Error(`bare client: no text before ${String(data).slice(0, 200)}`));
            else resolve(first);
          }
        };
        ws.on('message', onMessage);
        ws.send(
          JSON.stringify({ type: 'response.create', model, input: [{ role: 'user', content: 'hello' }], instructions, max_output_tokens: 16, store: false, stream_id: 'l0' }),
        );
      });
    },
    close: () => ws.terminate(),
  };
}
