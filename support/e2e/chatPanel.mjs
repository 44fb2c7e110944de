// The side-panel chat as a user reaches it: open it, type a message, read the answers.

/** The chat webview's frame (webviews are nested iframes; find the one holding the chat). */
export async function chatFrame(page, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      if (await frame.$('.composer textarea').catch(() => null)) return frame;
    }
    await page.waitForTimeout(100);
  }
  throw new Error('the chat webview did not appear');
}

export async function openChat(wb, page) {
  await wb.runCommand('Flint: Open Chat');
  const frame = await chatFrame(page);
  await frame.locator('.composer textarea').waitFor({ timeout: 10_000 });
  // Open Chat puts the caret in the composer; once it is there, nothing takes focus later.
  await frame.locator('.composer textarea:focus').waitFor({ timeout: 10_000 });
  return frame;
}

export async function send(frame, text) {
  const input = frame.locator('.composer textarea');
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

export const answers = (frame) => frame.locator('article.turn-assistant');
