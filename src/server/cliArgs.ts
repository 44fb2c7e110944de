import type { EngineKind } from './engine/createEngine';
import type { FaultSettingsInput } from './faults/faultSettings';
import type { Knobs } from './knobs';
import type { EndpointOptions } from './startEndpoint';

export const USAGE = `Usage: npm run endpoint -- [options]
  --port N                  port (0 picks a free one; default 0)
  --host H                  address to bind (default 127.0.0.1)
  --engine E                scripted | tiny | llama (default scripted)
  --script FILE             scripted engine fixture (default test/fixtures/scripted/default.json)
  --model PATH              llama engine GGUF model
  --cache-dir DIR           tiny engine model cache
  --fast-model NAME         fast model name (default gpt-5.3-codex-spark)
  --full-model NAME         full model name (default gpt-5.3-codex)
  --no-lanes                one response at a time per socket; reject stream_id
  --token T                 require "Authorization: Bearer T" (or env FLINT_ENDPOINT_TOKEN)
  --first-token-delay-ms N  --tokens-per-second N (0 = unpaced)  --max-tokens N
  --full-delay-ms N         --full-tokens-per-second N
  --max-frame-bytes N       largest client event or request body (default 4 MiB)
Faults (each fires on every request unless --fault-times K limits it):
  --drop-after-events N     --malformed-after-events N    --error-after-events N
  --error-code C --error-status S                         --rate-limit RETRY_AFTER_SECONDS
  --connection-limit-ms T   --stall-after-tokens N [--stall-ms M]
  --enormous-output TOKENS  --invalid-utf8-after-tokens N --unauthorized
  --faults JSON             fault settings as JSON (same shape as POST /__admin/faults)`;

const KNOB_FLAGS: Record<string, keyof Knobs> = {
  '--first-token-delay-ms': 'firstTokenDelayMs',
  '--tokens-per-second': 'tokensPerSecond',
  '--full-delay-ms': 'fullDelayMs',
  '--full-tokens-per-second': 'fullTokensPerSecond',
  '--max-tokens': 'maxTokens',
};

/** Parses command-line flags into endpoint options; throws a message naming the bad flag. */
export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv = {}): EndpointOptions {
  const values = new Map<string, string>();
  const switches = new Set(['--no-lanes', '--unauthorized']);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf('=');
    const [flag, inline] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    if (!flag.startsWith('--')) throw new Error(`Unexpected argument '${arg}'.\n${USAGE}`);
    if (switches.has(flag)) values.set(flag, 'true');
    else {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new Error(`Flag ${flag} needs a value.`);
      values.set(flag, value);
    }
  }
  const take = (flag: string) => {
    const v = values.get(flag);
    values.delete(flag);
    return v;
  };
  const num = (flag: string) => {
    const v = take(flag);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw new Error(`Flag ${flag} needs a non-negative number, got '${v}'.`);
    return n;
  };
  const engine = take('--engine') ?? 'scripted';
  if (!['scripted', 'tiny', 'llama'].includes(engine)) throw new Error(`--engine must be scripted, tiny or llama, got '${engine}'.`);
  const knobs: Partial<Knobs> = {};
  for (const [flag, key] of Object.entries(KNOB_FLAGS)) {
    const n = num(flag);
    if (n !== undefined) (knobs as Record<string, number>)[key] = n;
  }
  const token = take('--token') ?? env.FLINT_ENDPOINT_TOKEN;
  if (token) knobs.token = token;
  const options: EndpointOptions = {
    engine: engine as EngineKind,
    port: num('--port') ?? 0,
    host: take('--host'),
    script: take('--script'),
    modelPath: take('--model'),
    cacheDir: take('--cache-dir'),
    fastModel: take('--fast-model'),
    fullModel: take('--full-model'),
    lanes: take('--no-lanes') ? false : undefined,
    maxFrameBytes: num('--max-frame-bytes'),
    knobs,
    faults: parseFaultFlags(take, num),
  };
  if (options.engine === 'llama' && !options.modelPath) throw new Error('--engine llama needs --model PATH to a GGUF file.');
  if (values.size) throw new Error(`Unknown flag ${[...values.keys()][0]}.\n${USAGE}`);
  return options;
}

function parseFaultFlags(
  take: (flag: string) => string | undefined,
  num: (flag: string) => number | undefined,
): FaultSettingsInput {
  const json = take('--faults');
  let faults: Record<string, unknown>;
  try {
    faults = json ? (JSON.parse(json) as Record<string, unknown>) : {};
  } catch {
    throw new Error('--faults needs a JSON object.');
  }
  const times = num('--fault-times');
  const counted = <T extends object>(spec: T) => (times === undefined ? spec : { ...spec, times });
  const set = (key: string, n: number | undefined, spec: (n: number) => object) => {
    if (n !== undefined) faults[key] = counted(spec(n));
  };
  set('dropAfterEvents', num('--drop-after-events'), (after) => ({ after }));
  set('malformedFrame', num('--malformed-after-events'), (after) => ({ after }));
  const code = take('--error-code');
  const status = num('--error-status');
  set('errorEvent', num('--error-after-events'), (after) => ({ after, ...(code && { code }), ...(status && { status }) }));
  set('rateLimit', num('--rate-limit'), (retryAfterSeconds) => ({ retryAfterSeconds }));
  set('connectionLimit', num('--connection-limit-ms'), (afterMs) => ({ afterMs }));
  const stallMs = num('--stall-ms');
  set('stall', num('--stall-after-tokens'), (afterTokens) => ({ afterTokens, ...(stallMs !== undefined && { ms: stallMs }) }));
  set('enormousOutput', num('--enormous-output'), (tokens) => ({ tokens }));
  set('invalidUtf8', num('--invalid-utf8-after-tokens'), (afterTokens) => ({ afterTokens }));
  if (take('--unauthorized')) faults.unauthorized = counted({});
  return faults as FaultSettingsInput;
}
