// A WebSocket relay between Flint and the endpoint that counts generating `response.create`
// events (requests on the wire) and notes when each streamed answer first held a given text.
import { createServer } from 'node:http';
import WebSocket, { WebSocketServer } from 'ws';

/** Relays WebSocket traffic to `target` (the endpoint's Responses URL). */
export async function startCountingRelay(target) {
  const http = createServer();
  const wss = new WebSocketServer({ server: http });
  /** Text streamed so far per response, and when it arrived (Date.now()). */
  const streamed = new Map();
  const arrivals = [];
  const relay = {
    requests: 0,
    /** The text of each generating `response.create`, in order. */
    created: [],
    connections: 0,
    /** The Authorization header of each connection's handshake (undefined when none was sent). */
    authorizations: [],
    url: '',
    /** Date.now() when a streamed answer first contained `text` (at or after `since`), or undefined. */
    seen(text, since = 0) {
      return arrivals.find((a) => a.at >= since && a.text.includes(text))?.at;
    },
    close: () => new Promise((r) => { wss.clients.forEach((c) => c.terminate()); wss.close(); http.close(() => r()); }),
  };
  wss.on('connection', (client, req) => {
    relay.connections++;
    relay.authorizations.push(req.headers.authorization);
    const upstream = new WebSocket(target, { headers: { authorization: req.headers.authorization ?? '' } });
    const pending = [];
    upstream.on('open', () => { for (const m of pending.splice(0)) upstream.send(m); });
    upstream.on('message', (data, isBinary) => {
      const at = Date.now();
      if (!isBinary) noteDelta(String(data), at);
      if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
    });
    upstream.on('close', () => client.close());
    upstream.on('error', () => client.terminate());
    client.on('message', (data, isBinary) => {
      const text = isBinary ? '' : data.toString();
      try {
        const event = JSON.parse(text);
        if (event.type === 'response.create' && event.generate !== false) {
          relay.requests++;
          relay.created.push(text);
        }
      } catch { /* not JSON: relayed untouched */ }
      const out = isBinary ? data : text;
      if (upstream.readyState === WebSocket.OPEN) upstream.send(out);
      else pending.push(out);
    });
    client.on('close', () => upstream.close());
    client.on('error', () => upstream.terminate());
  });
  function noteDelta(raw, at) {
    let event;
    try { event = JSON.parse(raw); } catch { return; }
    if (event.type === 'response.output_text.delta' && event.item_id !== undefined) {
      const text = (streamed.get(event.item_id) ?? '') + event.delta;
      streamed.set(event.item_id, text);
      arrivals.push({ at, text });
    } else if (['response.completed', 'response.incomplete', 'response.failed'].includes(event.type)) {
      // The last line of an answer without a final newline is complete when the answer ends.
      for (const item of event.response?.output ?? []) {
        const text = streamed.get(item.id);
        if (text !== undefined) arrivals.push({ at, text: `${text}\n` });
        streamed.delete(item.id);
      }
    }
    if (arrivals.length > 5000) arrivals.splice(0, 1000);
  }
  await new Promise((r) => http.listen(0, '127.0.0.1', r));
  relay.url = `ws://127.0.0.1:${http.address().port}/v1/responses`;
  return relay;
}
