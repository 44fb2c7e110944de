import { randomBytes } from 'node:crypto';
// The local endpoint of the soak's typing phase, in a child process (scripted engine answering
// like a model that knows the files being typed), so that the heap measured is the client's.
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { oracleFixture } from './completionsOracle';

export interface SoakEndpoint {
  url: string;
  /** Replaces the endpoint's fault settings (POST /__admin/faults). */
  setFaults(faults: object): Promise<void>;
  close(): void;
}

export async function startSoakEndpoint(files: string[], pacing: { firstTokenMs: number; tokensPerS: number }): Promise<SoakEndpoint> {
  const dir = mkdtempSync(join(tmpdir(), 'flint-soak-'));
  const adminToken = randomBytes(16).toString('hex');
  const script = join(dir, 'oracle.json');
  // Longer contexts first: a rule of one file's first lines must not answer another file's cursor.
  // A third of the lines it never gets right: keystrokes there keep asking the model.
  const rules = files.flatMap((f) => oracleFixture(readFileSync(f, 'utf8'), 0.3, 0.3).rules);
  rules.sort((a, b) => b.match.user.regex.length - a.match.user.regex.length);
  writeFileSync(script, JSON.stringify({ rules }));
  // Same process group as the bench: whoever stops the bench stops its endpoint too.
  const child: ChildProcess = spawn(
    process.execPath,
    ['scripts/endpoint.mjs', '--port', '0', '--engine', 'scripted', '--script', script,
      '--first-token-delay-ms', String(pacing.firstTokenMs), '--tokens-per-second', String(pacing.tokensPerS), '--admin-token', adminToken],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`endpoint exited with ${code}`)));
    });
    const origin = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
    if (!origin) throw new Error(`unexpected endpoint output: ${line}`);
    return {
      url: `${origin.replace('http', 'ws')}/v1/responses`,
      setFaults: (faults) => postJson(`${origin}/__admin/faults`, faults, adminToken),
      close: stop,
    };
  } catch (err) {
    stop();
    throw err;
  }
}

/** One POST on a connection of its own (nothing pooled stays behind to be counted). */
function postJson(url: string, body: object, adminToken: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'x-flint-admin': adminToken } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`POST ${url}: HTTP ${res.statusCode} ${text}`))));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
