// Driving background tasks from the command palette and finding their rows in the Tasks view.

/** Runs Flint: Start Background Task from the palette (its instruction box opens, or a refusal shows). */
export async function runStartTask(wb) {
  // Through the workbench's palette helper: F1 pressed while a webview (the chat) has the focus
  // is swallowed by its frame, and the row must be the focused one before Enter.
  return wb.pickCommand('Flint: Start Background Task');
}

/** Starts a task with `instruction` and returns its row in the Tasks view. */
export async function startTask(wb, page, instruction) {
  const input = await runStartTask(wb);
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
