#!/usr/bin/env node
// Runs a TypeScript benchmark: bundles it with esbuild to a temporary ES module (native and
// browser-driving packages stay external) and runs that with node, passing the arguments
// through and exiting with its code. Usage: node bench/bundleRun.mjs bench/x.ts [args...]
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
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
    // Bundled CommonJS dependencies call require(); give the ES module one.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
} catch (err) {
  rmSync(dir, { recursive: true, force: true });
  console.error(`could not bundle ${entry}: ${err.message}`);
  process.exit(1);
}

const child = spawn(process.execPath, ['--enable-source-maps', outfile, ...rest], { stdio: 'inherit' });
const forward = (signal) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('close', (code, signal) => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
