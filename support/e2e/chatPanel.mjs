// The side-panel chat as a user reaches it: open it, type a message, read the answers.
import { webviewFrame } from './webviewFrame.mjs';

/** The chat webview's frame, as shown (a hidden chat keeps a stale frame in the page). */
export function chatFrame(page, timeoutMs = 30_000) {
  return webviewFrame(page, '.composer textarea', { timeoutMs, what: 'the chat webview' });
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
