import * as vscode from 'vscode';
import { createServices } from './vscode/createServices';
import { registerStatusBar } from './vscode/statusBar';
import { registerApiKeyCommands } from './vscode/apiKeyCommands';
// register-imports (one line per surface; keep sorted by surface)
import { registerChat } from './vscode/chatViewProvider';
import { registerCompletions } from './vscode/inlineCompletionProvider';
import { registerEdits } from './vscode/editCommands';
import { registerLastPrompt } from './vscode/lastPrompt';
import { registerLatency } from './vscode/latencyPanel';
import { registerNextEdit } from './vscode/nextEdit';
import { registerReview } from './vscode/reviewCommands';
import { registerRoutePicker } from './vscode/routePicker';
import { registerTasks } from './vscode/tasksCommands';
import { registerVariants } from './vscode/variantsPanel';
import { registerTests } from './vscode/testsCommands';
import { registerTasksReview } from './vscode/tasksReviewCommands';
import { taskAgent } from './vscode/tasksAgent';
import { handOffResults } from './tasks/reviewHandoff';

/** Composition root: build the services once, hand them to each editor adapter. */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const services = await createServices(context);
  registerApiKeyCommands(context, services);
  registerStatusBar(context, services);
  // register-calls (one line per surface)
  // Surfaces that end in a pending inline edit take what this returns (`const edits = …`).
  const edits = registerEdits(context, services);
  registerChat(context, services);
  // Ghost text offers next edit's predicted insertions, and takes the stage from its drawings.
  registerCompletions(context, services, registerNextEdit(context, services, edits, services.isDenied), services.isDenied);
  registerLastPrompt(context, services);
  registerLatency(context, services, services.metricsStore);
  registerReview(context, services, edits);
  registerRoutePicker(context, services);
  registerVariants(context, services, edits);
  registerTests(context, services, edits);
  // Background tasks on the full model; a done task's result goes under review, and its working copy when the review ends.
  const review = registerTasksReview(context, services, edits);
  const tasks = await registerTasks(context, services, taskAgent(services)).catch((err: unknown) => services.log.error(`background tasks are off: ${err instanceof Error ? err.message : String(err)}`));
  if (tasks) context.subscriptions.push({ dispose: handOffResults(tasks, review.results, review.results.whenLoaded(), (m) => services.log.warn(`tasks: ${m}`)) });
}

export function deactivate(): void {
  // Disposables registered on the context are disposed by VS Code.
}
