import type { CommandResult } from '../taskEnvironment';
import type { TaskTool } from './taskTool';
import { capOutput, stringArg } from './taskTool';

/** Commands and test runs get longer than the other tools; the environment keeps its own limit too. */
const RUN_TIMEOUT_MS = 10 * 60_000;

function report(what: string, r: CommandResult, max: number): { ok: boolean; output: string } {
  const status = r.timedOut ? 'was stopped at its time limit' : r.exitCode === null ? 'was killed' : `exited with code ${r.exitCode}`;
  return { ok: r.exitCode === 0, output: capOutput(`${what} ${status}.\n${r.output}`, max) };
}

export const runTests: TaskTool = {
  spec: {
    name: 'run_tests',
    description: "Run the project's tests in the working copy (all, or one test file), with the project's own test runner.",
    parameters: { type: 'object', properties: { file: { type: 'string', description: 'A test file relative to the workspace root.' } }, additionalProperties: false },
  },
  timeoutMs: RUN_TIMEOUT_MS,
  async run(args, ctx) {
    const file = stringArg(args, 'file', false);
    if (file !== undefined && ctx.env.isDenied(file)) return { ok: false, output: `"${file}" is a secret file (Flint's deny list).` };
    // Tests may write files (snapshots, fixtures): the next edit is checked against what is there then.
    ctx.seen.clear();
    return report(file ? `The tests of ${file}` : 'The test run', await ctx.env.runTests(ctx.signal, file), ctx.maxOutputChars);
  },
};

export const runCommand: TaskTool = {
  spec: {
    name: 'run_command',
    description: 'Run a shell command in the working copy (the user may be asked to allow it; a refusal comes back as an error). Output is capped.',
    parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'], additionalProperties: false },
  },
  timeoutMs: RUN_TIMEOUT_MS,
  async run(args, ctx) {
    const command = stringArg(args, 'command')!.trim();
    if (!command) return { ok: false, output: 'The command is empty.' };
    ctx.seen.clear();
    return report(`\`${command}\``, await ctx.env.runCommand(command, ctx.signal), ctx.maxOutputChars);
  },
};
