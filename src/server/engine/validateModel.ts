import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Loads the model and generates a few tokens. A malformed GGUF can abort the native code
// instead of throwing, so this runs in a child process whose death is just an exit code.
// It is a file, not `-e` code: the library forks helpers that inherit the parent's flags.
const probe = (library: string) => `
import { getLlama, LlamaCompletion } from ${JSON.stringify(library)};
const llama = await getLlama({ gpu: false, build: 'never', skipDownload: true, maxThreads: 1, logLevel: 'error' });
const model = await llama.loadModel({ modelPath: process.argv[2] });
const context = await model.createContext({ contextSize: 256 });
const completion = new LlamaCompletion({ contextSequence: context.getSequence() });
await completion.generateCompletion('hello', { maxTokens: 4 });
await context.dispose();
await model.dispose();
await llama.dispose();
process.stdout.write('ok');
`;

/** The directory whose node_modules holds node-llama-cpp (the child resolves it from there). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    if (existsSync(join(dir, 'node_modules', 'node-llama-cpp'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('node-llama-cpp is not installed: run npm install in the repository.');
}

/** Resolves when the model loads and generates in a child process; rejects with the reason. */
export async function validateModel(modelPath: string, timeoutMs = 120_000): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'flint-probe-'));
  try {
    const script = join(dir, 'probe.mjs');
    const library = pathToFileURL(join(packageRoot(), 'node_modules', 'node-llama-cpp', 'dist', 'index.js')).href;
    await writeFile(script, probe(library));
    await runProbe(script, modelPath, timeoutMs);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function runProbe(script: string, modelPath: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, modelPath], {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0 && out.endsWith('ok')) return resolve();
      const why = signal ? `was stopped by ${signal}; a load over ${timeoutMs / 1000}s counts as a hang` : `exited with code ${code}`;
      reject(new Error(`The model ${modelPath} cannot be loaded (the probe ${why}). ${err.trim()}`.trim()));
    });
  });
}
