import type { PlanStep } from '../agentLog';
import type { TaskTool } from './taskTool';

const STATUSES = new Set(['pending', 'in_progress', 'done']);

export const writePlan: TaskTool = {
  spec: {
    name: 'write_plan',
    description: 'Write or update your plan: the whole list of steps, each pending, in_progress or done. The user sees it beside the task.',
    parameters: {
      type: 'object',
      properties: {
        steps: {
          type: 'array',
          items: { type: 'object', properties: { step: { type: 'string' }, status: { type: 'string', enum: ['pending', 'in_progress', 'done'] } }, required: ['step', 'status'] },
        },
      },
      required: ['steps'],
      additionalProperties: false,
    },
  },
  async run(args) {
    if (!Array.isArray(args.steps) || !args.steps.length) throw new Error('Argument "steps" must be a non-empty list of {step, status}.');
    const steps: PlanStep[] = args.steps.slice(0, 50).map((s: unknown, i: number) => {
      const o = s as Partial<PlanStep> | null;
      if (!o || typeof o.step !== 'string' || !STATUSES.has(String(o.status))) throw new Error(`Step ${i + 1} needs "step" text and a status of pending, in_progress or done.`);
      return { step: o.step.slice(0, 500), status: o.status! };
    });
    return { ok: true, output: `Plan saved (${steps.length} steps).`, plan: steps };
  },
};
