#!/usr/bin/env node
// Runs a TypeScript benchmark: bundles it with esbuild to a temporary ES module (native and
// browser-driving packages stay external) and runs that with node, passing the arguments
// through and exiting with its code. Usage: node bench/bundleRun.mjs bench/x.ts [args...]
// With FLINT_BENCH_SRC set to another checkout, the bench's imports of this checkout's src/ are
// taken from that checkout's src/ (bench/compare.mjs: one bench, the engine of another build).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import * as esbuild from 'esbuild';

const [entry, ...rest] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node bench/bundleRun.mjs <file.ts> [args...]');
  process.exit(2);
}
// Inside the project, so that external packages resolve from its node_modules like any import.
const cacheRoot = resolve('node_modules', '.cache', 'flint-bench');
mkdirSync(cacheRoot, { recursive: true });
const dir = mkdtempSync(join(cacheRoot, 'run-'));
const outfile = join(dir, `${basename(entry).replace(/\.[cm]?ts$/, '')}.mjs`);

/** Redirects relative imports into this checkout's src/ to `otherRoot`'s src/. */
function otherSource(otherRoot) {
  const ownSrc = resolve('src');
  const isFile = (p) => existsSync(p) && statSync(p).isFile();
  return {
    name: 'other-source',
    setup(build) {
      build.onResolve({ filter: /^\./ }, (args) => {
        const rel = relative(ownSrc, resolve(args.resolveDir, args.path));
        if (rel.startsWith('..') || resolve(args.resolveDir).startsWith(resolve(otherRoot))) return undefined;
        const base = join(resolve(otherRoot), 'src', rel);
        const found = [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}.js`, join(base, 'index.ts')].find(isFile);
        if (!found) return { errors: [{ text: `${args.path}: no src/${rel} in ${otherRoot}` }] };
        return { path: found };
      });
    },
  };
}
const otherRoot = process.env.FLINT_BENCH_SRC;
try {
  await esbuild.build({
    entryPoints: [resolve(entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'warning',
    external: ['node-llama-cpp', 'playwright-core', 'bufferutil', 'utf-8-validate', 'vscode'],
    plugins: otherRoot ? [otherSource(otherRoot)] : [],
    // Bundled CommonJS dependencies call require(); give the ES module one.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
} catch (err) {
  rmSync(dir, { recursive: true, force: true });
  console.error(`could not bundle ${entry}: ${err.message}`);
  process.exit(1);
}

// FLINT_BENCH_NODE_ARGS: node's own flags for the bench (e.g. --cpu-prof, which NODE_OPTIONS refuses).
const nodeArgs = (process.env.FLINT_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const child = spawn(process.execPath, ['--enable-source-maps', ...nodeArgs, outfile, ...rest], { stdio: 'inherit' });
const forward = (signal) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('close', (code, signal) => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
