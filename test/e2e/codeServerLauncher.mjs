#!/usr/bin/env node
// Stands in for the VS Code executable given to @vscode/test-electron's runTests
// (`vscodeExecutablePath`): takes the same arguments (--extensionDevelopmentPath=…,
// --extensionTestsPath=…, a folder), runs the suite in code-server's real extension host driven
// by headless chromium, and exits with the suite's exit code.
//
// Environment (runTests' `extensionTestsEnv` reaches it):
//   FLINT_E2E_SETTINGS      JSON merged into the user settings (e.g. the endpoint URLs)
//   FLINT_E2E_SUITE_REPORT  file that receives the suite's "[suite] …" lines
//   FLINT_E2E_TIMEOUT_MS    give up after this long (default 120000)
import { appendFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchBrowser, newPage } from '../../support/e2e/browser.mjs';
import { startCodeServer } from '../../support/e2e/codeServer.mjs';
import { ProcessGroups } from '../../support/e2e/processGroup.mjs';

function parseArgs(argv) {
  const out = { extensionDevelopmentPaths: [], extensionTestsPath: undefined, folder: undefined };
  for (const arg of argv) {
    const m = arg.match(/^--([^=]+)=(.*)$/);
    if (m?.[1] === 'extensionDevelopmentPath') out.extensionDevelopmentPaths.push(resolve(m[2]));
    else if (m?.[1] === 'extensionTestsPath') out.extensionTestsPath = resolve(m[2]);
    else if (!arg.startsWith('-')) out.folder = resolve(arg);
    // Other Electron switches (sandbox, profile folders) mean nothing here: every folder
    // code-server writes to is a fresh scratch folder.
  }
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (!args.extensionTestsPath) throw new Error('--extensionTestsPath=… is required');
  const report = process.env.FLINT_E2E_SUITE_REPORT;
  const timeoutMs = Number(process.env.FLINT_E2E_TIMEOUT_MS ?? 120_000);
  const settings = process.env.FLINT_E2E_SETTINGS ? JSON.parse(process.env.FLINT_E2E_SETTINGS) : {};

  const groups = new ProcessGroups();
  // runTests does not give this process its own group: if the runner dies without a signal
  // reaching us, notice the new parent and clean up anyway.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void groups.stopAll().finally(() => process.exit(1));
  }, 500).unref();
  try {
    const [server, browser] = await Promise.all([startCodeServer(groups, { settings }), launchBrowser(groups)]);
    const page = await newPage(browser);
    let resolveExit;
    const exited = new Promise((r) => { resolveExit = r; });
    // VS Code calls these on the page when a suite runs under automation.
    await page.exposeFunction('codeAutomationExit', (code) => resolveExit(code));
    // The workbench log, extension host console included, arrives here line by line.
    await page.exposeFunction('codeAutomationLog', (level, message) => {
      const text = String(message);
      if (text.startsWith('[suite] ')) {
        console.log(text);
        if (report) appendFileSync(report, `${text}\n`);
      } else if (level === 'error') {
        console.error(`[workbench] ${text.split('\n')[0]}`);
      }
    });
    await page.goto(server.pageUrl({
      folder: args.folder,
      extensionDevelopmentPaths: args.extensionDevelopmentPaths,
      extensionTestsPath: args.extensionTestsPath,
    }));
    let timer;
    const timedOut = new Promise((r) => { timer = setTimeout(() => r('timeout'), timeoutMs); });
    const code = await Promise.race([exited, timedOut]);
    clearTimeout(timer);
    if (code === 'timeout') {
      console.error(`[launcher] the suite did not finish within ${timeoutMs} ms`);
      return 1;
    }
    return Number(code);
  } finally {
    await groups.stopAll();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => { console.error(`[launcher] ${err.stack ?? err}`); process.exit(1); },
);
