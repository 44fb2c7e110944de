// The real model's bench: flint-code-6m (the model npm start serves offline) on the local
// endpoint's llama.cpp engine. Two parts, each of which can run alone (--part=threads or
// --part=typing; a part run alone keeps the other's figures from the last results):
// - threads: its tokens/s at 1 and 2 threads while a real editor runs, and the editor's
//   keystroke echo meanwhile (the thread count the endpoint defaults to is chosen from it);
// - typing: the ghost-text typist through /infill at the endpoint's default thread count:
//   keystroke to ghost text, prompt tokens evaluated per request, shown and correct shares.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { realModelPass, realModelPath } from './completionsRealModel';
import { threadsPass } from './realModelThreads.mjs';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const part = process.argv.find((a) => a.startsWith('--part='))?.split('=')[1];
if (part !== undefined && part !== 'threads' && part !== 'typing') {
  console.error(`--part must be threads or typing, got '${part}'`);
  process.exit(2);
}
const FIXTURES = 'test/fixtures/completions/typist';
const RESULTS = 'bench/results/real-model.json';

const running = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill('SIGTERM');
    process.exit(130);
  });
}

const model = realModelPath();
if (!model) {
  console.error('real-model: models/flint-code-6m.gguf not found');
  process.exit(1);
}
const earlier = part && existsSync(RESULTS) ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, unknown>) : {};
const result: Record<string, unknown> = { ...earlier, model: model.split('/').pop() };
if (part !== 'typing') {
  result.threads = await threadsPass(model, { rounds: Math.min(Math.max(arg('rounds', 5), 1), 20), keysPerPhase: Math.min(Math.max(arg('keys-per-phase', 40), 5), 200), fixtures: FIXTURES });
  console.log(`real-model: threads ${JSON.stringify(result.threads)}`);
}
if (part !== 'threads') {
  const typing = await realModelPass(FIXTURES, { maxKeys: Math.min(Math.max(arg('keys', 350), 20), 5000), wanted: Math.min(Math.max(arg('model-answers', 120), 1), 1000), maxPasses: arg('passes', 3), running });
  result.typing = typing;
  console.log(`real-model: typing ${JSON.stringify(typing)}`);
}
mkdirSync('bench/results', { recursive: true });
writeFileSync(RESULTS, `${JSON.stringify({ ...result, at: new Date().toISOString() }, null, 2)}\n`);
