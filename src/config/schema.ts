import { z } from 'zod';

/**
 * Every `flint.*` setting, with its default. package.json's `contributes.configuration`
 * mirrors this; test/config/manifest.test.ts keeps the two in step.
 */
export const settingsSchema = {
  'fast.url': z.string().url().default('wss://api.openai.com/v1/responses'),
  'fast.model': z.string().min(1).default('gpt-5.3-codex-spark'),
  'full.url': z.string().url().default('https://api.openai.com/v1'),
  'full.model': z.string().min(1).default('gpt-5.3-codex'),
  /**
   * completion: the models only continue text; the surfaces that need instructions are off.
   * instruct-no-tools: they follow instructions but call no tools; background tasks are off.
   */
  modelKind: z.enum(['instruct', 'instruct-no-tools', 'completion']).default('instruct'),
  /** Which HTTP API to speak to http(s) endpoints: OpenAI Responses or Chat Completions. */
  'http.api': z.enum(['responses', 'chat']).default('responses'),
  /** Allow http:// and ws:// to non-loopback hosts (the key would travel in clear). */
  'network.allowInsecure': z.boolean().default(false),
  /** Send the API key to endpoints on this machine too (after asking); local servers need none. */
  'network.sendKeyToLoopback': z.boolean().default(false),
  /** A PEM file of extra certificate authorities to trust for HTTPS and WSS (a company's, a private server's). */
  'network.caFile': z.string().default(''),
  'request.firstTokenTimeoutMs': z.number().int().min(500).max(600_000).default(15_000),
  'request.stallTimeoutMs': z.number().int().min(500).max(600_000).default(10_000),
  'completions.enable': z.record(z.string(), z.boolean()).default({ '*': true, markdown: false, plaintext: false }),
  'completions.debounceMs': z.number().int().min(0).max(2000).nullable().default(null),
  /** eager: ask on every key; normal: adaptive; subtle: ghost text only after a pause or on Alt+\. */
  'completions.eagerness': z.enum(['eager', 'normal', 'subtle']).default('normal'),
  'completions.api': z.enum(['responses', 'infill', 'completions']).default('responses'),
  'completions.url': z.string().url().or(z.literal('')).default(''),
  'completions.fimTemplate': z.enum(['qwen', 'flint', 'starcoder2', 'codestral', 'deepseek', 'codellama']).default('qwen'),
  'completions.maxLines': z.number().int().min(1).max(200).default(30),
  /** Suggestions next/previous inline suggestion cycles through, the shown one included. */
  'completions.alternatives': z.number().int().min(1).max(3).default(3),
  'completions.prefetch': z.boolean().default(true),
  'nextEdit.enable': z.record(z.string(), z.boolean()).default({ '*': true, markdown: false, plaintext: false }),
  'context.tokenBudget': z.number().int().min(256).max(200_000).default(4096),
  'context.denyList': z.array(z.string()).default([]),
  'router.mode': z.enum(['auto', 'fast', 'full']).default('auto'),
  'router.fileThreshold': z.number().int().min(2).max(100).default(2),
  'router.fastContextTokens': z.number().int().min(1024).max(2_000_000).default(100_000),
  'full.contextTokens': z.number().int().min(1024).max(2_000_000).default(400_000),
  /** Rewrites requested at once by Explore Variants. */
  'variants.count': z.number().int().min(2).max(8).default(5),
  /** Continuous tests: write and run the tests of changed functions on each save. */
  'tests.continuous': z.enum(['off', 'onSave']).default('off'),
  /** Command that runs one test file (`${file}` is replaced by it); empty: the detected framework's runner. */
  'tests.command': z.string().default(''),
  'tests.timeoutMs': z.number().int().min(1000).max(3_600_000).default(60_000),
  'tests.codeLens': z.boolean().default(true),
  /** How many changed functions one save asks tests for; the rest are left to Generate Tests. */
  'tests.maxFunctionsPerSave': z.number().int().min(0).max(50).default(3),
  /** When the fast model reviews the lines changed since the last review. */
  'review.trigger': z.enum(['off', 'onSave', 'onPause']).default('onSave'),
  'review.pauseMs': z.number().int().min(200).max(60_000).default(1200),
  /** Background tasks: how many run at once (more wait in a queue) and the budgets each stops at. */
  'tasks.maxParallel': z.number().int().min(1).max(8).default(2),
  'tasks.maxTurns': z.number().int().min(1).max(1000).default(40),
  'tasks.maxMinutes': z.number().min(1).max(1440).default(20),
  'tasks.maxCost': z.number().min(0).nullable().default(null),
  'tasks.maxTokens': z.number().int().min(1000).nullable().default(null),
  /** Command patterns a task runs without asking (the project's test command always may). */
  'tasks.allowedCommands': z.array(z.string()).default([]),
  /** The CPU priority of a task's processes: Linux's idle class, or nice 10 (`low`, and elsewhere). */
  'tasks.processPriority': z.enum(['idle', 'low']).default('idle'),
  /** Prices per million tokens, for the latency report's and the status bar's cost estimate. */
  'cost.inputPerMillion': z.number().min(0).max(10_000).nullable().default(null),
  'cost.cachedInputPerMillion': z.number().min(0).max(10_000).nullable().default(null),
  'cost.outputPerMillion': z.number().min(0).max(10_000).nullable().default(null),
} as const;

export type SettingKey = keyof typeof settingsSchema;
export type SettingValues = { [K in SettingKey]: z.infer<(typeof settingsSchema)[K]> };
