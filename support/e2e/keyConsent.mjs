// Flint asks once before it sends the API key to a host it never sent it to: a modal dialog
// "Send your API key to <host>?" with Allow and Cancel.

/** The consent dialog, waited for; returns its message text. */
export async function waitForKeyConsent(page, { host, timeoutMs = 20_000 } = {}) {
  const dialog = page.locator('.monaco-dialog-box', { hasText: 'Send your API key to' }).first();
  await dialog.waitFor({ timeout: timeoutMs });
  const text = (await dialog.locator('.dialog-message-text').first().textContent()) ?? '';
  if (host && !text.includes(host)) throw new Error(`the key consent dialog names "${text}", not ${host}`);
  return text;
}

/** Answers the open consent dialog (Allow or Cancel) and waits until it is gone. */
export async function answerKeyConsent(page, answer) {
  const dialog = page.locator('.monaco-dialog-box', { hasText: 'Send your API key to' }).first();
  await dialog.locator('.dialog-buttons .monaco-button', { hasText: new RegExp(`^${answer}$`) }).first().click({ timeout: 10_000 });
  await dialog.waitFor({ state: 'detached', timeout: 10_000 });
}

/** F1 → "Flint: Set API Key" → `key` typed into the password box → Enter (no consent answered). */
export async function enterApiKey(wb, page, key) {
  // The palette helper runs that exact row (another command mentioning the API key may rank first).
  await wb.pickCommand('Flint: Set API Key');
  const password = page.locator('.quick-input-widget input[type="password"]');
  await password.waitFor({ timeout: 10_000 });
  await wb.type(key);
  await wb.press('Enter');
  await password.waitFor({ state: 'hidden', timeout: 10_000 });
}
