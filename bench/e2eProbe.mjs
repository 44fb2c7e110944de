// Keystroke-to-ghost-text timing inside the workbench page: a capture-phase keydown listener
// stamps performance.now(), a MutationObserver stamps the moment a ghost text node appears.
// Both clocks are the page's own, so the figure is what the user sees, minus paint.
import { balancedTurns } from './balancedOrders.mjs';

const GHOST = '.ghost-text-decoration';

/** Installed once per page; `window.__ghostProbe.arm()` makes the next keydown a sample. */
function installProbe(ghostSelector) {
  if (window.__ghostProbe) return;
  const probe = { armed: false, keyAt: 0, results: [] };
  const ghostShown = () => [...document.querySelectorAll(ghostSelector)].some((e) => e.textContent.trim() !== '');
  window.addEventListener('keydown', () => {
    if (probe.armed && probe.keyAt === 0) probe.keyAt = performance.now();
  }, true);
  new MutationObserver(() => {
    if (!probe.armed || probe.keyAt === 0 || !ghostShown()) return;
    probe.results.push(performance.now() - probe.keyAt);
    probe.armed = false;
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
  probe.arm = () => { probe.armed = true; probe.keyAt = 0; };
  probe.ghostShown = ghostShown;
  window.__ghostProbe = probe;
}

/**
 * One keystroke into the focused editor, starting from no ghost text: milliseconds from its
 * keydown to ghost text in the page, or null when none appeared within `timeoutMs`.
 * @param {import('playwright-core').Page} page
 */
export async function measureOneKeystroke(page, key, { timeoutMs = 5000, settleMs = 150 } = {}) {
  await page.evaluate(installProbe, GHOST);
  // Dismiss the last suggestion and let the timers of the last keystroke run out.
  await page.keyboard.press('Escape');
  const cleared = await page.waitForFunction(() => !window.__ghostProbe.ghostShown(), null, { timeout: 2000 }).then(() => true, () => false);
  if (!cleared) return null; // a sample starting with ghost text on screen would measure nothing
  await page.waitForTimeout(settleMs);
  const before = await page.evaluate(() => { window.__ghostProbe.arm(); return window.__ghostProbe.results.length; });
  await page.keyboard.press(key);
  return page.waitForFunction((n) => window.__ghostProbe.results[n] ?? false, before, { timeout: timeoutMs, polling: 20 })
    .then((h) => h.jsonValue(), () => null);
}

// None of these starts the fixed suggestions, so every keystroke asks the provider afresh.
const KEYS = 'qwrtyzxvkjh';

/**
 * `count` isolated keystrokes per window, alternating between the windows in balanced orders
 * (each follows each other about equally often); the samples per window.
 */
export async function sampleInterleaved(pages, count) {
  const samples = pages.map(() => []);
  for (const [i, order] of balancedTurns(pages.length, count).entries()) {
    for (const w of order) {
      await pages[w].bringToFront();
      samples[w].push(await measureOneKeystroke(pages[w], KEYS[i % KEYS.length]));
    }
  }
  return samples;
}

/** Types until a first ghost text shows (the provider is registered and warm); throws if never. */
export async function warmUp(page, { timeoutMs = 60_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await page.keyboard.press('Escape');
    await page.keyboard.type('k');
    const shown = await page.waitForSelector(GHOST, { timeout: 2000 }).then(() => true, () => false);
    if (shown) return;
  }
  throw new Error(`no ghost text within ${timeoutMs} ms of typing`);
}
