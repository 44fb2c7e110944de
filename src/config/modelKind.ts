import type { Config } from './config';

/**
 * Why the surfaces that ask the model to follow instructions (next edit, inline edits, variants,
 * review, tests, chat) are off, or undefined when they are on. A completion model (a base or
 * fill-in-the-middle model, such as the one `npm start` serves offline) continues code well
 * enough for ghost text; asked to follow an instruction it writes text that only looks like an
 * answer, so those surfaces say why instead of showing it.
 */
export function instructionSurfacesOff(config: Config): string | undefined {
  if (config.modelKind !== 'completion') return undefined;
  return (
    `${config['fast.model']} is a completion model (flint.modelKind): it writes ghost text, but next edit, inline edits, ` +
    'variants, review, tests and chat need a model that follows instructions. Set an API key (Flint: Set API Key) or ' +
    'point Flint at an instruction-tuned model, then set flint.modelKind to instruct.'
  );
}

/** The settings as the surfaces see them: for a completion model, nothing asks it to follow instructions on its own. */
export function effectiveConfig(config: Config): Config {
  if (config.modelKind !== 'completion') return config;
  return { ...config, 'nextEdit.enable': { '*': false }, 'review.trigger': 'off', 'tests.continuous': 'off', 'tests.codeLens': false };
}

/**
 * Why background tasks are off, or undefined when they can run: a task's model must follow
 * instructions and call tools (function calling), which a completion model cannot, nor an
 * instruct model whose chat template has no tools. Says which model is needed and how to get one.
 */
export function backgroundTasksOff(config: Config): string | undefined {
  if (config.modelKind === 'instruct') return undefined;
  const why =
    config.modelKind === 'completion'
      ? `${config['full.model']} is a completion model (flint.modelKind is "completion")`
      : `${config['full.model']} follows instructions but cannot call tools: its chat template has no function calling (flint.modelKind is "instruct-no-tools")`;
  return (
    `Background tasks are off: ${why}, and a task needs ` +
    'a full model that follows instructions and calls tools (function calling). Set an API key (Flint: Set API Key) to use ' +
    "OpenAI's models, or serve an instruct model with a chat template that supports tools, such as Qwen2.5-Coder Instruct " +
    '(npm start downloads one; FLINT_MODEL=/path/to/model.gguf picks another), then set flint.modelKind to instruct.'
  );
}

/**
 * A task's first turn refused because `model` at `endpoint` cannot call tools, though
 * flint.modelKind says it can (set by hand, or the server changed): what the endpoint said, and
 * what to do about it.
 */
export function toolCallingRefused(model: string, endpoint: string, answered: string): string {
  return (
    `${model} at ${endpoint} does not support function calling, which background tasks need (the endpoint answered: ` +
    `${answered.replace(/\.+$/, '')}). Pick a model that calls tools in flint.full.model and flint.full.url, such as ` +
    "Qwen2.5-Coder Instruct (npm start downloads one), or set an API key (Flint: Set API Key) for OpenAI's models; " +
    'if this model is the one you want, set flint.modelKind to instruct-no-tools to turn background tasks off.'
  );
}
