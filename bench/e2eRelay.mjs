#!/usr/bin/env node
// A relay between the editors of the typing run and the local endpoint, run as its own process
// so its work never shares a thread with the browser driver. It passes every byte through and
// writes one JSON line per model request and per answer to a log: when it was sent, which
// surface asked (ghost text or next edit, from the request itself), which window (the
// `flint-typing <label>` header of the file being typed, in every prompt), and when the answer
// ended at Flint's door with what text. Times are wall-clock milliseconds with sub-millisecond
// precision (performance.timeOrigin + performance.now()), comparable with the page's own.
//
//   node bench/e2eRelay.mjs --target http://127.0.0.1:PORT --log FILE
// prints `relay http://127.0.0.1:P` on its first line (WebSocket at ws://…/v1/responses).
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import WebSocket, { WebSocketServer } from 'ws';

const argv = process.argv.slice(2);
const flag = (name) => argv[argv.indexOf(name) + 1];
const target = new URL(flag('--target'));
const logFile = flag('--log');
const now = () => performance.timeOrigin + performance.now();
const log = (entry) => appendFileSync(logFile, `${JSON.stringify({ t: now(), ...entry })}\n`);
const upstreamAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let nextId = 1;

/** Which surface a request body belongs to, and which window's file it carries. */
function classify(path, body) {
  const tag = /flint-typing (\w+)/.exec(body)?.[1] ?? null;
  if (path.includes('/infill') || path.includes('/completions')) return { surface: 'completion', tag };
  let json;
  try {
    json = JSON.parse(body);
  } catch {
    return { surface: 'other', tag };
  }
  if (json.generate === false) return { surface: 'warm', tag };
  const instructions = String(json.instructions ?? '');
  if (instructions.includes('code completion engine')) return { surface: 'completion', tag };
  if (instructions.includes('You predict the next edit')) return { surface: 'next-edit', tag };
  return { surface: 'other', tag };
}

/** Text deltas of an SSE stream (Responses events, /infill chunks), fed chunk by chunk. */
function sseText() {
  let buffer = '';
  let text = '';
  return {
    feed(chunk) {
      buffer += chunk;
      let nl;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (!line.startsWith('data:')) continue;
        try {
          const e = JSON.parse(line.slice(5));
          if (e.type === 'response.output_text.delta') text += e.delta;
          else if (typeof e.content === 'string' && e.stop !== true) text += e.content;
        } catch {
          // [DONE] and the like
        }
      }
    },
    get text() {
      return text;
    },
  };
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const id = nextId++;
    const { surface, tag } = req.method === 'POST' ? classify(req.url, body.toString('utf8')) : { surface: 'other', tag: null };
    const counted = surface === 'completion' || surface === 'next-edit';
    if (counted) log({ kind: 'request', id, transport: req.url.includes('/infill') ? 'infill' : 'http', surface, tag });
    const headers = { ...req.headers, host: target.host };
    const up = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers, agent: upstreamAgent }, (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, upRes.headers);
      const reader = sseText();
      upRes.on('data', (c) => {
        if (counted) reader.feed(c.toString('utf8'));
        res.write(c);
      });
      upRes.on('end', () => {
        res.end(() => {
          if (counted) log({ kind: 'end', id, surface, tag, status: 'completed', text: reader.text });
        });
      });
    });
    up.on('error', () => res.destroy());
    res.on('close', () => {
      if (!res.writableFinished) {
        up.destroy();
        if (counted) log({ kind: 'end', id, surface, tag, status: 'aborted' });
      }
    });
    up.end(body);
  });
});

const wss = new WebSocketServer({ server });
wss.on('connection', (client, req) => {
  const upstream = new WebSocket(`ws://${target.host}${req.url}`, { headers: { authorization: req.headers.authorization ?? '' } });
  const pending = [];
  /** Per lane, the requests sent and not yet ended, oldest first (a lane answers in order). */
  const lanes = new Map();
  upstream.on('open', () => {
    for (const m of pending.splice(0)) upstream.send(m);
  });
  upstream.on('message', (data, isBinary) => {
    if (!isBinary) noteServerEvent(String(data));
    if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
  });
  upstream.on('close', () => client.close());
  upstream.on('error', () => client.terminate());
  client.on('message', (data, isBinary) => {
    const text = isBinary ? '' : data.toString();
    noteClientEvent(text);
    const out = isBinary ? data : text;
    if (upstream.readyState === WebSocket.OPEN) upstream.send(out);
    else pending.push(out);
  });
  client.on('close', () => upstream.close());
  client.on('error', () => upstream.terminate());

  function noteClientEvent(text) {
    let event;
    try {
      event = JSON.parse(text);
    } catch {
      return;
    }
    if (event.type !== 'response.create') return;
    const { surface, tag } = classify('/v1/responses', text);
    const counted = surface === 'completion' || surface === 'next-edit';
    const id = nextId++;
    const lane = event.stream_id ?? '';
    if (!lanes.has(lane)) lanes.set(lane, []);
    lanes.get(lane).push({ id, counted, surface, tag, text: '' });
    if (counted) log({ kind: 'request', id, transport: 'ws', surface, tag });
  }

  function noteServerEvent(raw) {
    let event;
    try {
      event = JSON.parse(raw);
    } catch {
      return;
    }
    const queue = lanes.get(event.stream_id ?? '');
    const current = queue?.[0];
    if (!current) return;
    if (event.type === 'response.output_text.delta') current.text += event.delta;
    else if (['response.completed', 'response.incomplete', 'response.failed'].includes(event.type) || (event.type === 'error' && event.stream_id !== undefined)) {
      queue.shift();
      if (current.counted) log({ kind: 'end', id: current.id, surface: current.surface, tag: current.tag, status: event.type === 'response.completed' ? 'completed' : 'failed', text: current.text });
    }
  }
});

server.listen(0, '127.0.0.1', () => {
  console.log(`relay http://127.0.0.1:${server.address().port}`);
});
