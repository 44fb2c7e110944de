// The design's layering rule as one lint rule: every import (static, dynamic, require, export
// from) is resolved against the importing file and checked against the folder it lands in.
import { dirname, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

/**
 * The extension's layers, top to bottom: a folder of src/ (or a file directly under it, by its
 * name) imports its own folder and folders of lower rows only, never a sibling in its own row
 * nor anything above. A piece two features share moves down to a lower row. The endpoint
 * (src/server/) is a separate program and not in the table.
 */
export const LAYERS = [
  ['extension'],
  // The editor adapters, in wings (one per feature, and the shared adapters: see SHARED_ADAPTERS).
  ['vscode'],
  // Background tasks orchestrate the features below them (test runners, pending edits, context).
  ['tasks'],
  ['completions', 'nextEdit', 'edits', 'variants', 'chat', 'review', 'tests', 'status'],
  ['services', 'rewrite'],
  ['router'],
  // Context for prompts (what is sent) beside the transport (how).
  ['context', 'transport'],
  // Code parsing and symbols; privacy (deny list, secret scan, workspace bounds) every sender asks.
  ['code', 'privacy'],
  ['metrics'],
  ['protocol', 'config', 'log', 'events', 'time', 'webview'],
];

/**
 * The editor adapters live in wings: src/vscode/<feature>/ adapts src/<feature>/ (a folder of the
 * table above) and imports its own wing and the shared adapters only; the shared adapters
 * (service wiring, settings, the checks and helpers every surface uses) import no wing. What one
 * wing needs of another is wired by src/extension.ts, which alone imports them all.
 */
export const SHARED_ADAPTERS = 'shared';

/** Modules a webview may use from src/: message-protocol types and pure helpers. */
export const WEBVIEW_SHARED = [
  'src/chat/chatProtocol',
  'src/chat/chatTypes',
  'src/chat/mentions',
  'src/chat/linkPolicy',
  'src/metrics/formatLastRequest',
  'src/metrics/formatNumbers',
  'src/metrics/formatTokens',
  'src/metrics/latencyMessages',
  'src/metrics/latencySnapshot',
  // The latency report's token section: its counts' type (pure arithmetic beside it).
  'src/metrics/tokenCost',
  // The variants view diffs each card's stream against the original itself (pure, no Node).
  'src/rewrite/diffRow',
  'src/rewrite/rewriteFeed',
  'src/variants/variantCard',
  'src/variants/variantRows',
  'src/variants/variantKeys',
  'src/variants/variantsProtocol',
];

const NODE_BUILTINS = new Set(['fs', 'path', 'os', 'child_process', 'http', 'https', 'net', 'tls', 'crypto', 'url', 'util', 'stream', 'events', 'worker_threads', 'perf_hooks', 'zlib', 'readline']);

const under = (path, folder) => path === folder || path.startsWith(`${folder}/`);
/** The layer name of a path under src/: its first folder, or a top-level file's name. */
const layerOf = (path) => path.split('/')[1].replace(/\.(ts|mjs|js)$/, '');
const rowOf = (layer) => LAYERS.findIndex((row) => row.includes(layer));

/** Why a file of layer `from` may not import one of layer `to`; null when it may. */
function tableViolation(from, to) {
  if (from === to) return null;
  const [a, b] = [rowOf(from), rowOf(to)];
  if (a < 0) return `src/${from} is not in the layer table: add it to a row of LAYERS in scripts/layersRule.mjs`;
  if (b < 0) return `src/${to} is not in the layer table: add it to a row of LAYERS in scripts/layersRule.mjs`;
  if (a < b) return null;
  if (to === 'vscode') return 'only src/extension.ts imports src/vscode/: editor adapters are wired at the composition root, so pass what this needs in';
  if (a === b) return `src/${from} and src/${to} are siblings in one layer and do not import each other: move the shared piece down a layer (scripts/layersRule.mjs lists the layers)`;
  return `src/${from} is below src/${to}: layers import downward only (${LAYERS.map((row) => row.join(' ')).join(' → ')}); move the shared piece down or pass it in`;
}
/** Why an adapter is not where adapters live; null when it is in a wing. */
function wingPlacement(file) {
  const parts = file.split('/');
  if (parts.length < 4) return 'editor adapters live in wings: move this file to src/vscode/<feature>/ (named after the folder of src/ it adapts) or to src/vscode/shared/';
  const wing = parts[2];
  if (wing === SHARED_ADAPTERS || (rowOf(wing) >= 0 && !['vscode', 'extension', 'services'].includes(wing))) return null;
  return `src/vscode/${wing}/ is not a wing: name an adapter folder after the folder of src/ it adapts (a row of LAYERS), or use src/vscode/${SHARED_ADAPTERS}/`;
}

/** Why the adapter `file` may not import the adapter `target`; null when it may. */
function wingViolation(file, target) {
  const [from, to] = [file.split('/')[2], target.split('/')[2]];
  if (from === to || to === SHARED_ADAPTERS) return null;
  if (from === SHARED_ADAPTERS) return `the shared adapters serve every wing and import none (src/vscode/${to}/): have src/extension.ts pass in what this needs`;
  return `src/vscode/${from}/ and src/vscode/${to}/ are different features' adapters and do not import each other: move the shared piece to src/vscode/${SHARED_ADAPTERS}/ or have src/extension.ts pass it in`;
}

const isShell = (file) => under(file, 'src/vscode') || file === 'src/extension.ts';
/** Test doubles: everything in test/support/, and anything named as a fake. */
const isDouble = (target) => under(target, 'test/support') || /(^|\/)fake[A-Z]/.test(target);

/** Why `file` may not import `source` (resolved to `target`, repository-relative, no extension); null when it may. */
export function layerViolation(file, source, target) {
  const misplaced = under(file, 'src/vscode') && wingPlacement(file);
  if (misplaced) return misplaced;
  if (source === 'vscode') {
    return isShell(file) || under(file, 'test/e2e') || under(file, 'support/e2e/baseline-extension') ? null : 'only src/vscode/ and src/extension.ts import vscode: keep this logic pure and pass what it needs in';
  }
  if (under(file, 'media')) {
    if (source.startsWith('node:') || NODE_BUILTINS.has(source.split('/')[0])) return 'webviews run in a browser: no Node modules';
    if (target && !under(target, 'media') && !WEBVIEW_SHARED.includes(target)) {
      return `webviews import only the message-protocol types and pure helpers (${WEBVIEW_SHARED.join(', ')}); add a pure module to that list deliberately`;
    }
    return null;
  }
  if (!target) return null;
  if (under(file, 'src/server')) {
    return under(target, 'src/server') || under(target, 'src/protocol') ? null : 'the local endpoint imports only src/server/ and src/protocol/: move a shared pure module to src/protocol/';
  }
  if (under(file, 'src')) {
    if (under(target, 'src/server')) return 'the local endpoint is a separate program: the extension shares only src/protocol/ with it';
    if (!under(target, 'src')) return 'product code imports nothing from tests, benchmarks or scripts';
    if (under(file, 'src/vscode') && under(target, 'src/vscode')) return wingViolation(file, target);
    return tableViolation(layerOf(file), layerOf(target));
  }
  if (under(file, 'support') && under(target, 'test')) return 'support/ is shared by tests and benchmarks: it imports nothing from test/';
  if (under(file, 'bench') && isDouble(target)) return 'benchmarks measure real code: no test doubles (give the bench its own driver)';
  if (under(file, 'bench') && under(target, 'test')) return 'benchmarks import nothing from test/: what they share with tests lives in support/';
  return null;
}

function check(context, node, source) {
  if (typeof source !== 'string') return;
  const file = relative(root, context.filename).split(sep).join('/');
  const target = source.startsWith('.')
    ? relative(root, resolve(dirname(context.filename), source)).split(sep).join('/').replace(/\.(ts|mjs|js|json)$/, '')
    : null;
  const why = layerViolation(file, source, target);
  if (why) context.report({ node, message: `'${source}': ${why}.` });
}

export const layersRule = {
  meta: { type: 'problem', docs: { description: 'The layering rule of the design (which folder may import which).' }, schema: [] },
  create(context) {
    const fromSource = (node) => node.source && check(context, node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(context, node.source, node.source.value),
      CallExpression(node) {
        const [arg] = node.arguments;
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && arg?.type === 'Literal') check(context, arg, arg.value);
      },
    };
  },
};
