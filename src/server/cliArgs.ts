import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isDialectName } from './dialect/dialectNamed';
import type { EngineKind } from './engine/createEngine';
import type { FaultSettingsInput } from './faults/faultSettings';
import type { Knobs } from './knobs';
import type { EndpointOptions } from './startEndpoint';

export const USAGE = `Usage: npm run endpoint -- [options]
  --port N                  port (0 picks a free one; default 0)
  --host H                  address to bind (default 127.0.0.1; another address needs --token)
  --allowed-host NAME       a Host header name to accept besides loopback names (repeatable)
  --allowed-origin ORIGIN   a browser Origin to accept (repeatable; default none)
  --engine E                scripted | tiny | llama (default scripted)
  --script FILE             scripted engine fixture (default test/fixtures/scripted/default.json)
  --model PATH              llama engine GGUF model
  --cache-dir DIR           tiny engine model cache
  --threads N               CPU threads for the tiny and llama engines (default 1)
  --fast-model NAME         fast model name (default gpt-5.3-codex-spark)
  --full-model NAME         full model name (default gpt-5.3-codex)
  --dialect D               flint | llama.cpp | vllm | ollama: answer as that server does
                            (errors, model names, usage, suffix, stops, long prompts; default flint)
  --context-tokens N        prompt tokens a request may hold under a dialect
                            (default: the model's context, else 8192)
  --no-lanes                one response at a time per socket; reject stream_id
  --token T                 require "Authorization: Bearer T" (or env FLINT_ENDPOINT_TOKEN)
  --admin-token T           serve the test controls under /__admin/ to requests with
                            "X-Flint-Admin: T" (or env FLINT_ADMIN_TOKEN); off without it
  --first-token-delay-ms N  --tokens-per-second N (0 = unpaced)  --max-tokens N
  --full-delay-ms N         --full-tokens-per-second N
  --max-frame-bytes N       largest client event or request body (default 4 MiB)
  --body-timeout-ms N       a request body slower than this gets 408 (default 30000)
Faults (each fires on every request unless --fault-times K limits it):
  --drop-after-events N     --malformed-after-events N    --error-after-events N
  --error-code C --error-status S                         --rate-limit RETRY_AFTER_SECONDS
  --connection-limit-ms T   --stall-after-tokens N [--stall-ms M]
  --enormous-output TOKENS  --invalid-utf8-after-tokens N --unauthorized
  --faults JSON             fault settings as JSON (same shape as POST /__admin/faults)`;

const KNOB_FLAGS: Record<string, keyof Knobs> = {
  'first-token-delay-ms': 'firstTokenDelayMs',
  'tokens-per-second': 'tokensPerSecond',
  'full-delay-ms': 'fullDelayMs',
  'full-tokens-per-second': 'fullTokensPerSecond',
  'max-tokens': 'maxTokens',
};

const NUMBERS = [
  'port', 'context-tokens', 'threads', 'max-frame-bytes', 'body-timeout-ms', ...Object.keys(KNOB_FLAGS), 'fault-times', 'drop-after-events', 'malformed-after-events',
  'error-after-events', 'error-status', 'rate-limit', 'connection-limit-ms', 'stall-after-tokens', 'stall-ms', 'enormous-output',
  'invalid-utf8-after-tokens',
];
const STRINGS = ['dialect', 'host', 'engine', 'script', 'model', 'cache-dir', 'fast-model', 'full-model', 'token', 'admin-token', 'error-code', 'faults'];

const OPTIONS: ParseArgsConfig['options'] = {
  ...Object.fromEntries([...NUMBERS, ...STRINGS].map((name) => [name, { type: 'string' as const }])),
  'allowed-host': { type: 'string', multiple: true },
  'allowed-origin': { type: 'string', multiple: true },
  'no-lanes': { type: 'boolean' },
  unauthorized: { type: 'boolean' },
};

/** Parses command-line flags into endpoint options; throws a message naming the bad flag. */
export function parseCliArgs(argv: string[], env: NodeJS.ProcessEnv = {}): EndpointOptions {
  const values = parse(argv);
  const str = (name: string) => values[name] as string | undefined;
  const num = (name: string) => {
    const v = str(name);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (v.trim() === '' || !Number.isFinite(n) || n < 0) throw new Error(`Flag --${name} needs a non-negative number, got '${v}'.`);
    return n;
  };
  const engine = str('engine') ?? 'scripted';
  if (!['scripted', 'tiny', 'llama'].includes(engine)) throw new Error(`--engine must be scripted, tiny or llama, got '${engine}'.`);
  const dialect = str('dialect') ?? 'flint';
  if (!isDialectName(dialect)) throw new Error(`--dialect must be flint, llama.cpp, vllm or ollama, got '${dialect}'.`);
  const knobs: Partial<Knobs> = {};
  for (const [flag, key] of Object.entries(KNOB_FLAGS)) {
    const n = num(flag);
    if (n !== undefined) (knobs as Record<string, number>)[key] = n;
  }
  const token = str('token') ?? env.FLINT_ENDPOINT_TOKEN;
  if (token) knobs.token = token;
  const adminToken = str('admin-token') ?? env.FLINT_ADMIN_TOKEN;
  const options: EndpointOptions = {
    engine: engine as EngineKind,
    port: num('port') ?? 0,
    host: str('host'),
    allowedHosts: values['allowed-host'] as string[] | undefined,
    allowedOrigins: values['allowed-origin'] as string[] | undefined,
    script: str('script'),
    modelPath: str('model'),
    cacheDir: str('cache-dir'),
    threads: num('threads'),
    fastModel: str('fast-model'),
    fullModel: str('full-model'),
    lanes: values['no-lanes'] ? false : undefined,
    dialect,
    contextTokens: num('context-tokens'),
    maxFrameBytes: num('max-frame-bytes'),
    bodyTimeoutMs: num('body-timeout-ms'),
    ...(adminToken && { adminToken }),
    knobs,
    faults: parseFaultFlags(values, str, num),
  };
  if (options.engine === 'llama' && !options.modelPath) throw new Error('--engine llama needs --model PATH to a GGUF file.');
  if (options.threads !== undefined && (!Number.isInteger(options.threads) || options.threads < 1)) {
    throw new Error(`Flag --threads needs a whole number of at least 1, got '${str('threads')}'.`);
  }
  return options;
}

function parse(argv: string[]): Record<string, string | boolean | string[] | undefined> {
  try {
    return parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (err) {
    const code = (err as { code?: string }).code;
    const message = (err as Error).message;
    const flag = /'(--[\w-]+)/.exec(message)?.[1];
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new Error(`Unknown flag ${flag ?? message}.\n${USAGE}`, { cause: err });
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new Error(`Flag ${flag ?? message} needs a value.`, { cause: err });
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') throw new Error(`Unexpected argument: ${message}\n${USAGE}`, { cause: err });
    throw err;
  }
}

function parseFaultFlags(
  values: Record<string, unknown>,
  str: (name: string) => string | undefined,
  num: (name: string) => number | undefined,
): FaultSettingsInput {
  const json = str('faults');
  let faults: Record<string, unknown>;
  try {
    faults = json ? (JSON.parse(json) as Record<string, unknown>) : {};
  } catch {
    throw new Error('--faults needs a JSON object.');
  }
  const times = num('fault-times');
  const counted = <T extends object>(spec: T) => (times === undefined ? spec : { ...spec, times });
  const set = (key: string, n: number | undefined, spec: (n: number) => object) => {
    if (n !== undefined) faults[key] = counted(spec(n));
  };
  set('dropAfterEvents', num('drop-after-events'), (after) => ({ after }));
  set('malformedFrame', num('malformed-after-events'), (after) => ({ after }));
  const code = str('error-code');
  const status = num('error-status');
  set('errorEvent', num('error-after-events'), (after) => ({ after, ...(code && { code }), ...(status && { status }) }));
  set('rateLimit', num('rate-limit'), (retryAfterSeconds) => ({ retryAfterSeconds }));
  set('connectionLimit', num('connection-limit-ms'), (afterMs) => ({ afterMs }));
  const stallMs = num('stall-ms');
  set('stall', num('stall-after-tokens'), (afterTokens) => ({ afterTokens, ...(stallMs !== undefined && { ms: stallMs }) }));
  set('enormousOutput', num('enormous-output'), (tokens) => ({ tokens }));
  set('invalidUtf8', num('invalid-utf8-after-tokens'), (afterTokens) => ({ afterTokens }));
  if (values.unauthorized) faults.unauthorized = counted({});
  return faults as FaultSettingsInput;
}
