#!/usr/bin/env node
// `npm start`: VS Code in the browser with Flint loaded, talking to a model (which one:
// scripts/launchFlint.mjs). Installs what is missing first (node modules, code-server), builds,
// prints the URL to open, and stops everything it started on Ctrl+C, SIGTERM or SIGHUP.
// FLINT_PORT picks the port (default 8080 when free); `npm start -- /path/to/project` opens
// another folder than the sample workspace.
import { cpSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { ensureNodeModules } from './ensureNodeModules.mjs';
import { e2ePaths, installE2E, missingPrerequisites } from './installE2E.mjs';

const { repoRoot, cache } = e2ePaths();
const say = (line) => console.log(`[flint] ${line}`);

/** Settings for a person using the editor (the tests add their own on top of the same mechanism). */
const USER_DEFAULTS = {
  'workbench.startupEditor': 'none',
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.ignoreRecommendations': true,
  'editor.inlineSuggest.enabled': true,
  // The sample workspace lives in the project's cache folder, inside this repository.
  'git.openRepositoryInParentFolders': 'never',
};

function ensureInstalled() {
  ensureNodeModules(repoRoot, say);
  if (missingPrerequisites({ browser: false }).length) {
    say('installing code-server (once, about a minute)…');
    installE2E({ browser: false });
  }
}

/**
 * npm passes SIGTERM and SIGINT on, but a parent that dies without passing its signal on (npm
 * sent SIGHUP or SIGKILL alone) leaves this process orphaned: stop everything then too.
 */
function stopWhenOrphaned(groups) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent || groups.stopping) return;
    clearInterval(timer);
    say('the parent process is gone; stopping.');
    void groups.stopAll().finally(() => process.exit(129));
  }, 500);
  timer.unref();
}

function portFree(port) {
  return new Promise((res) => {
    const s = createServer().once('error', () => res(false)).listen(port, '127.0.0.1', () => s.close(() => res(true)));
  });
}

async function main() {
  ensureInstalled();
  const { buildIfStale } = await import('../support/e2e/build.mjs');
  const { ProcessGroups } = await import('../support/e2e/processGroup.mjs');
  const { launchFlint } = await import('./launchFlint.mjs');
  buildIfStale(repoRoot);

  const folder = process.argv[2] ? resolve(process.argv[2]) : join(cache, 'sample-workspace');
  if (!process.argv[2] && !existsSync(folder)) cpSync(join(repoRoot, 'test', 'e2e', 'workspace'), folder, { recursive: true });
  // Stops every process group it started on exit, Ctrl+C, SIGTERM and SIGHUP.
  const groups = new ProcessGroups();
  stopWhenOrphaned(groups);
  try {
    const wanted = Number(process.env.FLINT_PORT ?? 8080);
    const port = (await portFree(wanted)) ? wanted : undefined;
    const { server, modelLine, notice } = await launchFlint(groups, { dataDir: join(cache, 'editor'), userDefaults: USER_DEFAULTS, port, say });
    const openFile = process.argv[2] ? undefined : join(folder, 'src', 'scratch.js');
    const url = server.pageUrl({ folder, extensionDevelopmentPaths: [repoRoot], openFile });
    console.log(`\nFlint is running in VS Code. Open:\n\n    ${url}\n\nModel: ${modelLine}`);
    if (notice) console.log(notice);
    console.log('Press Ctrl+C to stop.\n');
    await new Promise((res) => server.process.once('exit', res));
    if (!groups.stopping) say('code-server exited by itself; stopping.');
  } finally {
    await groups.stopAll();
  }
}

main().catch((err) => {
  console.error(`[flint] ${err.message}`);
  process.exitCode = 1;
});
