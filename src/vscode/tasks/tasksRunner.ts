import { backgroundTasksOff } from '../../config/modelKind';
import type { Services } from '../../services';
import type { TaskRunner } from '../../tasks/taskRunner';

/**
 * The agent loop a task runs on, or why tasks cannot run now. A completion model cannot follow
 * a task's instructions nor call tools: tasks are off and say so.
 */
export function taskRunnerFor(services: Services, agent: (() => TaskRunner) | undefined): () => TaskRunner | { unavailable: string } {
  return () => {
    const off = backgroundTasksOff(services.config());
    if (off) return { unavailable: off };
    return agent ? agent() : { unavailable: 'no agent loop is available in this build of Flint' };
  };
}
