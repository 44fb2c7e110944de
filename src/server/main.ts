import { parseCliArgs, USAGE } from './cliArgs';
import { startEndpoint } from './startEndpoint';

// The endpoint program: the first stdout line carries the URL (callers parse it); logs go to stderr.
async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let options;
  try {
    options = parseCliArgs(process.argv.slice(2), process.env);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(2);
  }
  let endpoint;
  try {
    endpoint = await startEndpoint({ ...options, log: (m) => process.stderr.write(`[endpoint] ${m}\n`) });
  } catch (err) {
    process.stderr.write(`Flint endpoint failed to start: ${(err as Error).message}\n`);
    process.exit(2);
  }
  process.stdout.write(`Flint endpoint listening on ${endpoint.origin}\n`);
  process.stdout.write(`WebSocket ${endpoint.url}  HTTP ${endpoint.httpUrl}  engine ${options.engine}\n`);
  const f = endpoint.facts;
  if (f) {
    const kind = [f.fimTokens.prefix !== null ? 'fill-in-the-middle' : 'no fill-in-the-middle', f.chatTemplate ? 'chat template' : 'no chat template', f.tools ? 'calls tools' : 'no tools'];
    process.stdout.write(`model ${f.file}: context ${f.contextLength} tokens, ${kind.join(', ')}, ${f.threads} thread${f.threads === 1 ? '' : 's'}\n`);
  }
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    void endpoint.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: Error) => {
  process.stderr.write(`Flint endpoint failed to start: ${err.message}\n`);
  process.exit(1);
});
