import { join } from 'node:path';
import * as vscode from 'vscode';
import { createServices } from './vscode/shared/createServices';
import { createContextHub } from './vscode/context/contextHub';
import { registerStatusBar } from './vscode/status/statusBar';
import { registerApiKeyCommands } from './vscode/config/apiKeyCommands';
// register-imports (one line per surface; keep sorted by surface)
import { registerChat } from './vscode/chat/chatViewProvider';
import { registerCompletions } from './vscode/completions/inlineCompletionProvider';
import { registerEdits } from './vscode/edits/editCommands';
import { registerLastPrompt } from './vscode/context/lastPrompt';
import { registerLatency } from './vscode/metrics/latencyPanel';
import { registerNextEdit } from './vscode/nextEdit/nextEdit';
import { registerReview } from './vscode/review/reviewCommands';
import { registerRoutePicker } from './vscode/router/routePicker';
import { registerTasks } from './vscode/tasks/tasksCommands';
import { registerVariants } from './vscode/variants/variantsPanel';
import { registerTests } from './vscode/tests/testsCommands';
import { registerTasksReview } from './vscode/tasks/tasksReviewCommands';
import { taskAgent } from './vscode/tasks/tasksAgent';
import { handOffResults } from './tasks/reviewHandoff';
import { createSpawnerRunner } from './tests/spawnerRunner';

/** Composition root: build the services once, hand them to each editor adapter. */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const services = await createServices(context, createContextHub);
  // Tasks' and tests' processes start from a small spawner program, never by forking this host
  // (each fork stalls the editor); disposing it stops every process it started.
  const processes = createSpawnerRunner(join(context.extensionPath, 'dist', 'spawner.js'));
  context.subscriptions.push(processes);
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
  registerTests(context, services, edits, processes.run);
  // Background tasks on the full model; a done task's result goes under review, and its working copy when the review ends.
  const review = registerTasksReview(context, services, edits);
  const tasks = await registerTasks(context, services, processes.run, taskAgent(services, processes.run)).catch((err: unknown) => services.log.error(`background tasks are off: ${err instanceof Error ? err.message : String(err)}`));
  if (tasks) context.subscriptions.push({ dispose: handOffResults(tasks, review.results, review.results.whenLoaded(), (m) => services.log.warn(`tasks: ${m}`)) });
}

export function deactivate(): void {
  // Disposables registered on the context are disposed by VS Code.
}
