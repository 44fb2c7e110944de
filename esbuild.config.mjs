// Bundles the extension (vscode external), the chat webview script, and the local endpoint
// as its own program. `--production` minifies and drops source maps; `--watch` rebuilds.
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'warning',
  target: 'node20',
};

const builds = [
  {
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    external: ['vscode', 'bufferutil', 'utf-8-validate'],
  },
  {
    ...common,
    entryPoints: ['media/chat/main.ts'],
    outfile: 'dist/media/chat.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
  {
    ...common,
    entryPoints: ['media/latency/main.ts'],
    outfile: 'dist/media/latency.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
  {
    ...common,
    entryPoints: ['media/variants/main.ts'],
    outfile: 'dist/media/variants.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
  {
    ...common,
    entryPoints: ['src/server/main.ts'],
    outfile: 'dist/server/main.mjs',
    platform: 'node',
    format: 'esm',
    // The native engine stays a runtime dependency of the endpoint program.
    external: ['node-llama-cpp', 'bufferutil', 'utf-8-validate'],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  },
];

import { existsSync } from 'node:fs';
const present = builds.filter((b) => b.entryPoints.every((e) => existsSync(e)));

if (watch) {
  for (const b of present) (await esbuild.context(b)).watch();
} else {
  await Promise.all(present.map((b) => esbuild.build(b)));
}
