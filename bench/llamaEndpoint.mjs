// The local endpoint serving a GGUF model through its llama.cpp engine, for the real-model
// benches: started as `npm run endpoint` starts it, with the test controls on so that the
// endpoint's own figures per generation (prompt tokens reused, tokens per second) can be read.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';

/**
 * Starts scripts/endpoint.mjs on a free 127.0.0.1 port; `threads` unset keeps the endpoint's
 * default. `running` (a Set) holds the child while it lives, for a bench's cleanup on exit.
 */
export async function startLlamaEndpoint(model, { threads, running } = {}) {
  const admin = randomBytes(16).toString('hex');
  const args = ['scripts/endpoint.mjs', '--port', '0', '--engine', 'llama', '--model', model, ...(threads ? ['--threads', String(threads)] : [])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, FLINT_ADMIN_TOKEN: admin } });
  running?.add(child);
  child.once('exit', () => running?.delete(child));
  const line = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`llama endpoint exited with ${code}`)));
  });
  child.stdout.resume();
  const origin = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
  if (!origin) throw new Error(`unexpected endpoint output: ${line}`);
  const headers = { 'X-Flint-Admin': admin, 'Content-Type': 'application/json' };
  return {
    origin,
    url: `${origin}/v1`,
    /** The endpoint's records of its latest generations (read when none runs), then cleared. */
    async takeRequests() {
      const res = await fetch(`${origin}/__admin/requests`, { headers });
      if (!res.ok) throw new Error(`GET /__admin/requests: ${res.status}`);
      const { requests } = await res.json();
      await fetch(`${origin}/__admin/requests`, { method: 'POST', headers, body: '{}' });
      return requests;
    },
    stop: () => child.kill('SIGTERM'),
  };
}
