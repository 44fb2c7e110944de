import WebSocket from 'ws';

/**
 * The barest client of the Responses WebSocket mode: one socket, one `response.create` at a
 * time, the clock stopped at the first text delta. What it measures is the network path and the
 * server's own time, the floor any client pays; Flint's overhead is what it adds on top.
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
          const text = String(data);
          if (first === undefined && text.includes('"response.output_text.delta"')) first = performance.now() - t0;
          if (/"type":"(response\.completed|response\.incomplete|response\.failed|error)"/.test(text)) {
            ws.off('message', onMessage);
            if (first === undefined) reject(new Error(`bare client: no text before ${text.slice(0, 200)}`));
            else resolve(first);
          }
        };
        ws.on('message', onMessage);
        ws.send(JSON.stringify({ type: 'response.create', model, instructions, input: [{ role: 'user', content: 'hello' }], max_output_tokens: 16, store: false }));
      });
    },
    close: () => ws.terminate(),
  };
}
