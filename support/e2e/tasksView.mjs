// Driving background tasks from the command palette and finding their rows in the Tasks view.

/** Runs Flint: Start Background Task from the palette (its instruction box opens, or a refusal shows). */
export async function runStartTask(page) {
  const input = page.locator('.quick-input-widget input');
  await page.keyboard.press('F1');
  await input.fill('>Flint: Start Background Task');
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Start Background Task' }).first().waitFor({ timeout: 20_000 });
  await page.keyboard.press('Enter');
  return input;
}

/** Starts a task with `instruction` and returns its row in the Tasks view. */
export async function startTask(wb, page, instruction) {
  const input = await runStartTask(page);
  await page.locator('.quick-input-widget', { hasText: 'What should the background task do?' }).waitFor({ timeout: 20_000 });
  await input.fill(instruction);
  await page.keyboard.press('Enter');
  return taskRow(wb, page, instruction);
}

/** The Tasks view's row of the task started with `instruction`, the view focused. */
export async function taskRow(wb, page, instruction) {
  await wb.runCommand('Flint: Focus on Tasks View');
  const row = page.locator('.pane-body .monaco-list-row', { hasText: instruction }).first();
  await row.waitFor({ timeout: 20_000 });
  return row;
}
