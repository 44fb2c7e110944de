// A relay in front of the local endpoint that keeps every request Flint sends: each HTTP request
// body (the full model's streams) and each WebSocket text frame (the fast model's events). Tests
// check what reached a model, or that something never did.
import { createServer, request as httpRequest } from 'node:http';
import WebSocket, { WebSocketServer } from 'ws';

/** Relays to the endpoint at `target()` (its origin, read when a request arrives) on 127.0.0.1. */
export async function startRecordingRelay(target) {
  const relay = {
    /**
     * Every request, in order: `{ kind: 'http', method, path, body, cut }` (`cut`: the client left
     * before the answer's end) or `{ kind: 'ws', body }`.
     */
    requests: [],
    origin: '',
    wsUrl: '',
    httpUrl: '',
    /** The requests whose body holds `text`. */
    holding: (text) => relay.requests.filter((r) => r.body.includes(text)),
  };
  const http = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const entry = { kind: 'http', method: req.method, path: req.url, body: body.toString('utf8'), cut: false };
      relay.requests.push(entry);
      const url = new URL(req.url, target());
      let ended = false;
      const upstream = httpRequest(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.on('end', () => (ended = true));
        answer.pipe(res);
      });
      upstream.on('error', (err) => res.destroy(err));
      res.on('close', () => {
        // The client left before the answer's end (a stream it cancelled).
        entry.cut = !ended;
        upstream.destroy();
      });
      upstream.end(body);
    });
  });
  const wss = new WebSocketServer({ server: http });
  wss.on('connection', (client, req) => {
    const upstream = new WebSocket(`${target().replace(/^http/, 'ws')}${req.url}`, { headers: { authorization: req.headers.authorization ?? '' } });
    const pending = [];
    upstream.on('open', () => { for (const m of pending.splice(0)) upstream.send(m); });
    upstream.on('message', (data, isBinary) => client.readyState === WebSocket.OPEN && client.send(data, { binary: isBinary }));
    upstream.on('close', () => client.close());
    upstream.on('error', () => client.terminate());
    client.on('message', (data, isBinary) => {
      const out = isBinary ? data : data.toString();
      relay.requests.push({ kind: 'ws', body: Buffer.from(data).toString('utf8') });
      if (upstream.readyState === WebSocket.OPEN) upstream.send(out);
      else pending.push(out);
    });
    client.on('close', () => upstream.close());
    client.on('error', () => upstream.terminate());
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  http.unref();
  relay.origin = `http://127.0.0.1:${http.address().port}`;
  relay.wsUrl = `ws://127.0.0.1:${http.address().port}/v1/responses`;
  relay.httpUrl = `${relay.origin}/v1`;
  return relay;
}
