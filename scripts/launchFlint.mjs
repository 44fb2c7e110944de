// What `npm start` starts: the model (a local endpoint unless OPENAI_API_KEY is set) and VS Code
// (code-server) with Flint pointed at it. The end-to-end tests start Flint through this too.
//   OPENAI_API_KEY set        OpenAI's endpoints (Flint's defaults)
//   FLINT_MODEL=path.gguf     the local endpoint running that model (llama.cpp)
//   otherwise                 the local endpoint with a small open coder model, downloaded once
//                             (FLINT_MODEL_URL overrides where from, FLINT_MODEL_SHA256 the hash
//                             it is checked against, FLINT_OFFLINE=1 skips it);
//                             without it, flint-code-6m from models/ (small, real, offline)
//   FLINT_THREADS=N           CPU threads of the local model (default 1: the editor keeps a core)
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fetchCoderModel } from './fetchCoderModel.mjs';
import { e2ePaths } from './installE2E.mjs';
import { localModelSettings } from './localModelSettings.mjs';

const { repoRoot, cache } = e2ePaths();
export const EMBEDDED_MODEL = join(repoRoot, 'models', 'flint-code-6m.gguf');
// Settings this script wrote on the last start, so the next one can tell them from the user's.
const MANAGED_FILE = 'flint-start-settings.json';

/** Endpoint engines to try, best first. */
async function engineChoices(env, say) {
  const threads = env.FLINT_THREADS ? ['--threads', env.FLINT_THREADS] : [];
  const llama = (path, label) => ({ engine: 'llama', args: ['--model', path, ...modelNames(path), ...threads], label });
  if (env.FLINT_MODEL) {
    const model = resolve(env.FLINT_MODEL);
    if (!existsSync(model)) throw new Error(`FLINT_MODEL=${env.FLINT_MODEL}: no such file`);
    return [llama(model, `local model ${model}`)];
  }
  const choices = [];
  const downloaded = await fetchCoderModel({ cache, env, say });
  if (downloaded) choices.push(llama(downloaded, `local model ${basename(downloaded)}`));
  choices.push({
    ...llama(EMBEDDED_MODEL, 'flint-code-6m, the small code model in models/'),
    notice: 'NOTE: flint-code-6m is small and offline: its ghost text is plausible code, rarely the right code.\n' +
      '      For real suggestions set OPENAI_API_KEY, or FLINT_MODEL=/path/to/a-coder-model.gguf, then npm start again.',
  });
  choices.push({ engine: 'scripted', args: [], label: 'scripted replies', notice: 'NOTE: the endpoint answers from a fixed script (no model could be loaded).' });
  return choices;
}

/** The endpoint answers to the model's own name (the status bar shows it). */
function modelNames(path) {
  const name = basename(path).replace(/\.gguf$/i, '');
  return ['--fast-model', name, '--full-model', name];
}

async function startLocalEndpoint(groups, startEndpoint, env, say, logFile) {
  for (const choice of await engineChoices(env, say)) {
    try {
      const endpoint = await startEndpoint(groups, { engine: choice.engine, args: choice.args, timeoutMs: 180_000, logFile });
      return { endpoint, choice };
    } catch (err) {
      say(`the ${choice.label} did not start: ${err.message.split('\n')[0]} (log: ${logFile})`);
    }
  }
  throw new Error('no local endpoint could be started');
}

async function servedModels(endpoint) {
  const res = await fetch(`${endpoint.origin}/v1/models`);
  if (!res.ok) throw new Error(`GET /v1/models: HTTP ${res.status}`);
  return res.json();
}

/**
 * The user's settings from an earlier run, minus what the last start wrote and the user left as
 * it was (endpoint URLs of a port long gone, the local model's name and ghost-text setup).
 */
function previousSettings(dataDir, say) {
  const file = join(dataDir, 'ud', 'User', 'settings.json');
  if (!existsSync(file)) return {};
  let s;
  try {
    s = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    say(`${file} is not plain JSON; starting from default settings (the file is rewritten).`);
    return {};
  }
  const managed = join(dataDir, MANAGED_FILE);
  const written = existsSync(managed) ? JSON.parse(readFileSync(managed, 'utf8')) : {};
  for (const [k, v] of Object.entries(written)) if (JSON.stringify(s[k]) === JSON.stringify(v)) delete s[k];
  // Written before the record existed.
  for (const k of ['flint.fast.url', 'flint.full.url']) if (/^(wss?|https?):\/\/127\.0\.0\.1:/.test(s[k] ?? '')) delete s[k];
  return s;
}

/**
 * Starts the model and code-server in `groups`; resolves once both answer.
 * @param {import('../support/e2e/processGroup.mjs').ProcessGroups} groups
 * @param {{ dataDir: string, userDefaults: object, port?: number, env?: NodeJS.ProcessEnv, logFile?: string, say?: (line: string) => void }} options
 */
export async function launchFlint(groups, { dataDir, userDefaults, port, env = process.env, logFile = join(cache, 'endpoint.log'), say = () => {} }) {
  const { startCodeServer } = await import('../support/e2e/codeServer.mjs');
  const { startEndpoint } = await import('../support/e2e/endpoint.mjs');
  let settings = {};
  let modelLine = 'OpenAI (OPENAI_API_KEY is set)';
  let notice;
  let endpoint;
  if (!env.OPENAI_API_KEY) {
    const started = await startLocalEndpoint(groups, startEndpoint, env, say, logFile);
    endpoint = started.endpoint;
    settings = localModelSettings(endpoint, await servedModels(endpoint));
    modelLine = `local endpoint ${endpoint.origin} (${started.choice.label})`;
    notice = started.choice.notice;
    if (settings['flint.modelKind'] === 'completion') {
      const off = `NOTE: ${settings['flint.fast.model']} has no chat template: ghost text only; next edit, inline edits, variants, review,\n` +
        '      tests and chat need a model that follows instructions and are off.';
      notice = [notice, off].filter(Boolean).join('\n');
    } else if (settings['flint.modelKind'] === 'instruct-no-tools') {
      const off = `NOTE: ${settings['flint.full.model']}'s chat template cannot call tools: background tasks are off (chat and the other surfaces work).`;
      notice = [notice, off].filter(Boolean).join('\n');
    }
  }
  const baseSettings = { ...userDefaults, ...previousSettings(dataDir, say) };
  const server = await startCodeServer(groups, { dataDir, port, passApiKey: Boolean(env.OPENAI_API_KEY), baseSettings, settings, env: childEnv(env) });
  writeFileSync(join(dataDir, MANAGED_FILE), JSON.stringify(settings, null, 2));
  return { server, endpoint, settings, modelLine, notice };
}

/** What code-server (and so the extension host) sees of `env`, when it is not this process's. */
function childEnv(env) {
  return env === process.env ? {} : env;
}
