// The project's local endpoint (src/server/) as a separate program, the way users run it.
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitForLine } from './processGroup.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Starts `scripts/endpoint.mjs --port 0 --engine <engine> …args` in its own process group and
 * waits for the URL on its first line.
 * @param {import('./processGroup.mjs').ProcessGroups} groups
 * `niceness` (1–19) starts it at a lower CPU priority, through `nice` (for a stand-in of a remote
 * service whose work would not share this machine's CPU).
 * @param {{ engine?: string, args?: string[], logFile?: string, timeoutMs?: number, niceness?: number }} [options]
 */
export async function startEndpoint(groups, { engine = 'scripted', args = [], logFile, timeoutMs = 60_000, niceness } = {}) {
  const adminToken = randomBytes(16).toString('hex');
  const program = [process.execPath, join(repoRoot, 'scripts', 'endpoint.mjs'), '--port', '0', '--engine', engine, '--admin-token', adminToken, ...args];
  const [cmd, ...cmdArgs] = niceness ? ['nice', '-n', String(niceness), ...program] : program;
  const child = groups.spawn(cmd, cmdArgs, {
    cwd: repoRoot,
    logFile,
  });
  const [, origin] = await waitForLine(child, /listening on (http:\/\/127\.0\.0\.1:\d+)/, timeoutMs, `endpoint (${engine})`);
  // The test controls have a token of their own, so changing the API token never locks them out.
  const admin = async (path, body) => {
    const headers = { 'content-type': 'application/json', 'x-flint-admin': adminToken };
    const res = await fetch(`${origin}/__admin/${path}`, body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`endpoint ${path}: HTTP ${res.status} ${await res.text()}`);
    return res.json();
  };
  return {
    process: child,
    origin,
    /** Responses API WebSocket mode (the fast model's URL). */
    wsUrl: `${origin.replace(/^http/, 'ws')}/v1/responses`,
    /** HTTP API base (the full model's URL). */
    httpUrl: `${origin}/v1`,
    /** Pace or delay the replies, or change the bearer token, at runtime (tokensPerSecond, firstTokenDelayMs, token, …). */
    setKnobs: (patch) => admin('knobs', patch),
    /** Inject faults at runtime; `{}` clears them. */
    setFaults: (faults) => admin('faults', faults),
    /** The latest text generations (HTTP routes) as the endpoint measured them: route, prompt tokens and how many were cached, speed. */
    requests: async () => (await admin('requests')).requests,
    clearRequests: () => admin('requests', {}),
    stop: () => groups.stop(child),
  };
}


/** User settings that point Flint at `endpoint` (both models served locally). */
export function endpointSettings(endpoint) {
  return { 'flint.fast.url': endpoint.wsUrl, 'flint.full.url': endpoint.httpUrl };
}
