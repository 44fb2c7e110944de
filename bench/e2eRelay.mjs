#!/usr/bin/env node
// A relay between the editors of the typing run and the local endpoint, run as its own process
// so its work never shares a thread with the browser driver. It passes every byte through and
// writes one JSON line per model request and per answer to a log: when it was sent, which
// surface asked (ghost text or next edit, from the request itself), which window (the
// `flint-typing <label>` header of the file being typed, in every prompt), for ghost text the
// document state it asks about (the text before and after the cursor, from the header on), and
// when the answer ended at Flint's door with what text. Times are wall-clock milliseconds with sub-millisecond
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

/** The file's own text from its header line on (context from other files comes before it). */
function fromHeader(prefix) {
  const at = prefix.lastIndexOf('flint-typing ');
  return at < 0 ? prefix : prefix.slice(prefix.lastIndexOf('\n', at) + 1);
}

/** The first string in `json` (depth first) holding `needle`. */
function findString(json, needle) {
  if (typeof json === 'string') return json.includes(needle) ? json : undefined;
  if (json && typeof json === 'object') {
    for (const v of Object.values(json)) {
      const s = findString(v, needle);
      if (s !== undefined) return s;
    }
  }
  return undefined;
}

/** The document state a ghost-text request asks about: { prefix, suffix }, or null. */
function stateOf(json) {
  if (typeof json.input_prefix === 'string') return { prefix: fromHeader(json.input_prefix), suffix: json.input_suffix ?? '' };
  if (typeof json.prompt === 'string') {
    const fim = /<\|fim_prefix\|>([\s\S]*)<\|fim_suffix\|>([\s\S]*)<\|fim_middle\|>/.exec(json.prompt);
    return fim ? { prefix: fromHeader(fim[1]), suffix: fim[2] } : { prefix: fromHeader(json.prompt), suffix: '' };
  }
  const user = findString(json.input ?? json.response?.input ?? json, '<|cursor');
  if (user === undefined) return null;
  const marker = /here the cursor is marked (<\|cursor-\d+\|>)/.exec(user)?.[1] ?? '<|cursor|>';
  const at = user.lastIndexOf(marker);
  return at < 0 ? null : { prefix: fromHeader(user.slice(0, at)), suffix: user.slice(at + marker.length) };
}

/** Which surface a request body belongs to, which window's file it carries, and for ghost text its document state. */
function classify(path, body) {
  const tag = /flint-typing (\w+)/.exec(body)?.[1] ?? null;
  let json;
  try {
    json = JSON.parse(body);
  } catch {
    return { surface: 'other', tag };
  }
  if (path.includes('/infill') || path.includes('/completions')) return { surface: 'completion', tag, state: stateOf(json) };
  if (json.generate === false) return { surface: 'warm', tag };
  const instructions = String(json.instructions ?? json.response?.instructions ?? '');
  if (instructions.includes('code completion engine')) return { surface: 'completion', tag, state: stateOf(json) };
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
    const { surface, tag, state } = req.method === 'POST' ? classify(req.url, body.toString('utf8')) : { surface: 'other', tag: null };
    const counted = surface === 'completion' || surface === 'next-edit';
    if (counted) log({ kind: 'request', id, transport: req.url.includes('/infill') ? 'infill' : 'http', surface, tag, ...(state ? { state } : {}) });
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
    const { surface, tag, state } = classify('/v1/responses', text);
    const counted = surface === 'completion' || surface === 'next-edit';
    const id = nextId++;
    const lane = event.stream_id ?? '';
    if (!lanes.has(lane)) lanes.set(lane, []);
    lanes.get(lane).push({ id, counted, surface, tag, text: '' });
    if (counted) log({ kind: 'request', id, transport: 'ws', surface, tag, ...(state ? { state } : {}) });
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
