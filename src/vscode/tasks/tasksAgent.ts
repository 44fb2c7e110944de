import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { tokenPrices } from '../../metrics/tokenCost';
import type { Services } from '../../services';
import { agentTaskRunner } from '../../tasks/agentTaskRunner';
import { background } from '../../tasks/backgroundProcess';
import type { TaskRunner } from '../../tasks/taskRunner';
import { createToolbox } from '../../tasks/tools/createToolbox';
import type { ProcessRunner } from '../../tests/processRunner';

/** VS Code's own ripgrep, else `rg` on the PATH. */
function ripgrepPath(): string {
  for (const dir of ['node_modules', 'node_modules.asar.unpacked']) {
    const rg = join(vscode.env.appRoot, dir, '@vscode', 'ripgrep', 'bin', process.platform === 'win32' ? 'rg.exe' : 'rg');
    if (existsSync(rg)) return rg;
  }
  return 'rg';
}

/** The agent loop on the full model's client, its turns in the token ledger and latency report; `processes` runs its searches. */
export function taskAgent(services: Services, processes: ProcessRunner): () => TaskRunner {
  const ripgrep = ripgrepPath();
  const searches = background(processes, () => services.config()['tasks.processPriority']);
  return () =>
    agentTaskRunner({
      client: () => services.full(),
      metrics: services.metrics,
      prices: () => tokenPrices(services.config()),
      now: () => performance.now(),
      // find_symbol's definitions come from the context service's symbol index.
      toolbox: (env) => createToolbox({ env, run: searches, ripgrep, definitions: services.context }),
    });
}
