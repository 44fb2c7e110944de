// A webview as the user sees it: webviews are nested iframes, and a hidden one keeps its frames
// (with what they showed last) in the page, so "a frame holding X" can be a stale one.

/** The first frame holding `selector` whose frames, up to the page, are all shown. */
export async function webviewFrame(page, selector, { timeoutMs = 30_000, what = 'the webview' } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      if ((await frame.$(selector).catch(() => null)) && (await shown(frame))) return frame;
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`${what} did not appear`);
}

async function shown(frame) {
  for (let f = frame; f.parentFrame(); f = f.parentFrame()) {
    const element = await f.frameElement().catch(() => null);
    if (!element || !(await element.isVisible().catch(() => false))) return false;
  }
  return true;
}
