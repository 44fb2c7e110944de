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
  await wb.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: 20_000 });
  await input.fill('>Flint: Set API Key');
  // Clicked, not Enter: another Flint command that mentions the API key may be listed first.
  const row = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: /^Flint: Set API Key/ }).first();
  await row.waitFor({ timeout: 20_000 });
  await row.click();
  const password = page.locator('.quick-input-widget input[type="password"]');
  await password.waitFor({ timeout: 10_000 });
  await wb.type(key);
  await wb.press('Enter');
  await password.waitFor({ state: 'hidden', timeout: 10_000 });
}
