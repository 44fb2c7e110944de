import type { Services } from '../../services';
import type { TaskRunner } from '../../tasks/taskRunner';

/**
 * The agent loop a task runs on, or why tasks cannot run now. A completion model cannot follow
 * a task's instructions nor call tools: tasks are off and say so.
 */
export function taskRunnerFor(services: Services, agent: (() => TaskRunner) | undefined): () => TaskRunner | { unavailable: string } {
  return () => {
    if (services.config().modelKind === 'completion') {
      return { unavailable: 'background tasks need an instruction-following full model with function calling: flint.modelKind is "completion"' };
    }
    return agent ? agent() : { unavailable: 'no agent loop is available in this build of Flint' };
  };
}
