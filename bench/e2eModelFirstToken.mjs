// The model's own first-token time as a bare client sees it: one warm WebSocket to the
// endpoint, the same kind of request ghost text sends, time from send to the first text delta.
import WebSocket from 'ws';

const INSTRUCTIONS = 'You are a code completion engine inside a code editor.';

/** Median-ready list of first-token milliseconds over `samples` sequential requests. */
export async function measureModelFirstToken(wsUrl, { samples = 30, model = 'gpt-5.3-codex-spark' } = {}) {
  const ws = new WebSocket(wsUrl);
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
  try {
    const out = [];
    // One unmeasured request warms the server's code paths, as Flint warms its socket.
    for (let i = -1; i < samples; i++) {
      const ms = await oneRequest(ws, model, `const value${i}<|cursor|>\n`);
      if (i >= 0) out.push(ms);
    }
    return out;
  } finally {
    ws.close();
  }
}

function oneRequest(ws, model, text) {
  return new Promise((resolve, reject) => {
    let firstAt;
    const t0 = performance.now();
    const timer = setTimeout(() => { ws.off('message', onMessage); reject(new Error('no terminal event within 10 s')); }, 10_000);
    const onMessage = (data) => {
      const event = JSON.parse(String(data));
      if (event.type === 'response.output_text.delta' && firstAt === undefined) firstAt = performance.now();
      if (event.type === 'error') { done(); reject(new Error(`endpoint error: ${event.error?.message}`)); }
      if (['response.completed', 'response.incomplete', 'response.failed'].includes(event.type)) {
        done();
        if (firstAt === undefined) reject(new Error(`${event.type} without a text delta`));
        else resolve(firstAt - t0);
      }
    };
    const done = () => { clearTimeout(timer); ws.off('message', onMessage); };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({
      type: 'response.create',
      model,
      instructions: INSTRUCTIONS,
      input: [{ role: 'user', content: text }],
      max_output_tokens: 64,
      store: false,
    }));
  });
}
