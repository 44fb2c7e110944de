// Headless Debian chromium driven through playwright-core (never a downloaded browser).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { e2ePaths } from '../../scripts/installE2E.mjs';

const CHROMIUM_ARGS = [
  '--no-sandbox', // running as root in a container
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-extensions',
  '--disable-sync',
  '--disable-background-networking',
  '--disable-component-update',
  '--password-store=basic',
  // A headless window counts as hidden: without these, timers and rendering are throttled and
  // keystroke-to-paint timings would measure the throttling.
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];

/**
 * Launches chromium; the browser is closed by `groups.stopAll()`. Its profile lives in a scratch
 * folder (HOME included), never in the real home.
 * @param {import('./processGroup.mjs').ProcessGroups} groups
 */
export async function launchBrowser(groups) {
  const scratch = mkdtempSync(join(tmpdir(), 'flint-chromium-'));
  const browser = await chromium.launch({
    executablePath: e2ePaths().chromium,
    headless: true,
    args: CHROMIUM_ARGS,
    env: { ...process.env, HOME: scratch, XDG_CONFIG_HOME: join(scratch, 'config'), XDG_CACHE_HOME: join(scratch, 'cache') },
    handleSIGINT: false, // the process groups stop it in order, after the pages
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  groups.beforeStop(() => browser.close().catch(() => {}));
  groups.onStop(() => rmSync(scratch, { recursive: true, force: true }));
  return browser;
}

/** A fresh page sized like a laptop screen (screenshots stay small and readable). */
export async function newPage(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  return context.newPage();
}
