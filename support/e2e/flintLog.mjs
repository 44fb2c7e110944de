// This window's Flint log, as the extension host wrote it, for tests that check what Flint logged.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir`, recursively. */
export function walk(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** Orders logs oldest first: by code-server start (`logs/<time>/`), then extension host number. */
function byAge(a, b) {
  const key = (f) => /\/logs\/([^/]+)\/exthost(\d+)\//.exec(f) ?? [f, '', '0'];
  const [, timeA, hostA] = key(a);
  const [, timeB, hostB] = key(b);
  return timeA === timeB ? Number(hostA) - Number(hostB) : timeA < timeB ? -1 : 1;
}

/**
 * This window's Flint log: the newest extension host's Flint.log that names its endpoint. Test
 * files share one code-server and one endpoint, so earlier windows' logs name it too; windows
 * open one after another, so the newest is this one (also after the test reopened it).
 */
export function flintLog({ server, endpoint }) {
  const files = walk(join(server.dirs.ud, 'logs')).filter((f) => f.endsWith('/Flint.log')).sort(byAge).reverse();
  const file = files.find((f) => readFileSync(f, 'utf8').includes(endpoint.origin.replace(/^http/, '')));
  return file ? { file, text: readFileSync(file, 'utf8') } : { file: undefined, text: '' };
}

export async function waitForLog(ctx, pattern, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(flintLog(ctx).text)) {
    if (Date.now() > deadline) throw new Error(`Flint's log never matched ${pattern}:\n${flintLog(ctx).text.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
