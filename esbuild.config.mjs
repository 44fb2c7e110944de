// Bundles the extension (vscode external), its process spawner, the webview scripts, and the
// local endpoint as its own program. `--production` minifies and drops source maps; `--watch` rebuilds.
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
    // The parser's CommonJS build: its ES module build finds its files through import.meta.url,
    // which a CommonJS bundle does not have.
    alias: { 'web-tree-sitter': './node_modules/web-tree-sitter/web-tree-sitter.cjs' },
  },
  {
    // The process spawner the extension forks once to start tasks' and tests' processes.
    ...common,
    entryPoints: ['src/tests/spawnerMain.ts'],
    outfile: 'dist/spawner.js',
    platform: 'node',
    format: 'cjs',
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

import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
const present = builds.filter((b) => b.entryPoints.every((e) => existsSync(e)));

// The parser's runtime and the grammars it reads, beside the bundle (loaded from disk, never fetched).
const PARSER_FILES = [
  'node_modules/web-tree-sitter/web-tree-sitter.wasm',
  ...['typescript', 'tsx', 'javascript', 'python', 'go'].map((g) => `node_modules/@vscode/tree-sitter-wasm/wasm/tree-sitter-${g}.wasm`),
];
mkdirSync('dist/parsers', { recursive: true });
for (const file of PARSER_FILES) copyFileSync(file, `dist/parsers/${file.split('/').pop()}`);

if (watch) {
  for (const b of present) (await esbuild.context(b)).watch();
} else {
  await Promise.all(present.map((b) => esbuild.build(b)));
}
