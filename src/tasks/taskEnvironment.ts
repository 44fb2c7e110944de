import { readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, isAbsolute, join, relative } from 'node:path';
import { detectFramework, type FileProbe } from '../tests/frameworkDetect';
import type { ProcessRunner } from '../tests/processRunner';
import { runnerCommand } from '../tests/runnerCommand';
import { runTestFile } from '../tests/runTestFile';
import type { TestLanguage } from '../tests/testTypes';
import type { WriteNotes } from './changedFiles';
import { capOutput } from './cappedOutput';
import { copyEnvironment } from './copyEnvironment';
import { decideCommand, normalizeCommand } from './commandPolicy';
import { installsDependencies } from './dependencyInstall';
import { packageScript } from './packageScript';
import { projectTestCommand } from './projectTestCommand';
import { runPackageScript } from './runPackageScript';
import type { UserSave } from './tools/userSaveCheck';

export interface CommandResult {
  /** null when it was killed (time limit, Stop). */
  exitCode: number | null;
  /** stdout then stderr, capped. */
  output: string;
  timedOut: boolean;
}

export interface TestsResult extends CommandResult {
  /** The command that ran, as the model and the log show it. */
  command: string;
  /** Counts when the runner's own results were read (a single test file). */
  passed?: number;
  failed?: number;
}

/** What a task's tools work against: its working copy, the deny list, and commands with consent. */
export interface TaskEnvironment {
  /** Absolute path of the working copy (the folder's counterpart in it). */
  root: string;
  isDenied(relPath: string): boolean;
  /** Resolves once the working copy's files are on disk (they are written after the snapshot): tools that need them wait. */
  onDisk?: Promise<void>;
  /** A file's text from the snapshot while the files are on their way (undefined: wait for the disk). */
  snapshotText?(rel: string): Promise<string | undefined>;
  /** Runs a shell command in the working copy; throws CommandRefused when it may not run. */
  runCommand(command: string, signal: AbortSignal): Promise<CommandResult>;
  /** Runs the project's tests in the working copy (or one test file, folder-relative). */
  runTests(signal: AbortSignal, file?: string): Promise<TestsResult>;
  /** The user's text of a file they saved in their folder since the task began, with the snapshot's text; undefined when not. */
  userSave?(relPath: string): Promise<UserSave | undefined>;
  /** Where the tools note what they write: the Tasks view's count of changed files. */
  changes?: WriteNotes;
}

/** A command that was not run: its message is the tool error the model reads. */
export class CommandRefused extends Error {}

export type ConsentAnswer = 'once' | 'always' | 'deny';

export interface ConsentRequest {
  command: string;
  /** The user's folder the task works on (the working copy stands in for it). */
  folder: string;
  /** Where the command would run. */
  cwd: string;
  signal: AbortSignal;
}

export interface EnvironmentDeps {
  root: string;
  onDisk?: Promise<void>;
  snapshotText?(rel: string): Promise<string | undefined>;
  folder: string;
  isDenied(relPath: string): boolean;
  trusted(): boolean;
  allowedCommands(): readonly string[];
  /** Commands the user always allows (remembered by the caller). */
  alwaysAllowed: { has(command: string): boolean; add(command: string): void };
  /** Asks the user; the task waits. An aborted signal answers deny. */
  askConsent(request: ConsentRequest): Promise<ConsentAnswer>;
  /** Runs the task's commands and tests: the manager's runner at background priority (see backgroundProcess). */
  spawn: ProcessRunner;
  /** The environment commands inherit (the editor's; process.env by default). */
  env?: Readonly<Record<string, string | undefined>>;
  commandTimeoutMs: number;
  testTimeoutMs: number;
  /** flint.tests.command. */
  testCommandOverride: string;
  probe: FileProbe;
  /** Replaces the copy's dependency links by its own folders (before an install); notes what it did. */
  privateDependencies?(): Promise<string[]>;
  /** When the task began (before its snapshot) and the snapshot's text of a file: what the user's saves are told apart from. */
  snapshot?: { at: number; text(relPath: string): Promise<string | undefined> };
  /** What the task has written: commands and tests mark their writes as unknown. */
  changes?: WriteNotes;
}

const LANGUAGES: Record<string, TestLanguage> = { '.ts': 'js', '.tsx': 'js', '.js': 'js', '.jsx': 'js', '.mjs': 'js', '.cjs': 'js', '.mts': 'js', '.cts': 'js', '.py': 'python', '.go': 'go' };

/** Builds the environment a task's agent loop is handed. */
export function createTaskEnvironment(deps: EnvironmentDeps): TaskEnvironment {
  // Every process a task starts sees the copy where the editor's environment names the user's folder.
  const spawn: ProcessRunner = (request) => deps.spawn({ ...request, env: { ...copyEnvironment(deps.env ?? process.env, deps.folder, deps.root), ...request.env } });
  let testCommand: Promise<string | undefined> | undefined;
  // Read from the copy's files, once they are on disk.
  const projectTests = () => (testCommand ??= Promise.resolve(deps.onDisk).then(() => projectTestCommand(deps.root, deps.probe, deps.testCommandOverride)));

  async function permit(command: string, signal: AbortSignal): Promise<void> {
    const decision = decideCommand(command, { trusted: deps.trusted(), allowedPatterns: deps.allowedCommands(), alwaysAllowed: deps.alwaysAllowed, testCommand: await projectTests() });
    if (decision.kind === 'refuse') throw new CommandRefused(decision.reason);
    if (decision.kind === 'run') return;
    const answer = signal.aborted ? 'deny' : await deps.askConsent({ command, folder: deps.folder, cwd: deps.root, signal });
    if (signal.aborted) throw new CommandRefused('the task was stopped before the command ran');
    if (answer === 'deny') throw new CommandRefused(`the user denied running \`${command}\`: do not run it again; find another way or say what you need`);
    if (answer === 'always') deps.alwaysAllowed.add(normalizeCommand(command));
  }

  /**
   * The detected `npm test` runs the package's test scripts as npm would, without npm's own start
   * (a few hundred ms CPU a run), wherever packageScript finds that faithful; npm itself elsewhere.
   */
  async function start(command: string, signal: AbortSignal, timeoutMs: number, detectedTests: boolean) {
    const request = { cwd: deps.root, timeoutMs, signal, env: { CI: '1' } };
    if (detectedTests && command === 'npm test') {
      const base = deps.env ?? process.env;
      const plan = await packageScript(deps.root, 'test', { ...base, ...copyEnvironment(base, deps.folder, deps.root) });
      if (plan.kind === 'direct') return runPackageScript(plan.steps, { ...request, spawn });
    }
    return spawn({ ...request, argv: [command], shell: true });
  }

  async function run(command: string, signal: AbortSignal, timeoutMs: number, detectedTests = false): Promise<CommandResult> {
    await deps.onDisk;
    // An install would write through the links into the user's dependency folders.
    const notes = installsDependencies(command) ? ((await deps.privateDependencies?.()) ?? []) : [];
    deps.changes?.unknownWrites();
    const r = await start(command, signal, timeoutMs, detectedTests);
    if (r.startError) return { exitCode: null, output: `the command could not start: ${r.startError}`, timedOut: false };
    const note = r.timedOut
      ? `\n[stopped after ${timeoutMs} ms: the time limit]`
      : r.cancelled
        ? '\n[stopped: the task was stopped]'
        : r.leftBehind
          ? "\n[processes the command left running in the background were stopped when it ended: a command's processes end with it]"
          : '';
    return { exitCode: r.code, output: capOutput([...notes.map((n) => `[${n}]`), r.stdout, r.stderr].filter((s) => s !== '').join('\n')) + note, timedOut: r.timedOut };
  }

  return {
    root: deps.root,
    isDenied: deps.isDenied,
    onDisk: deps.onDisk,
    snapshotText: deps.snapshotText,
    async runCommand(command, signal) {
      await permit(command, signal);
      return run(command, signal, deps.commandTimeoutMs);
    },
    async runTests(signal, file) {
      if (!deps.trusted()) throw new CommandRefused('tests run only in a trusted workspace: this workspace is not trusted');
      if (file !== undefined) return runOneFile({ ...deps, spawn }, file, signal);
      const command = await projectTests();
      if (!command) throw new CommandRefused('no test command found: the project shows no test script, vitest, jest, pytest or go.mod (flint.tests.command sets one)');
      const override = deps.testCommandOverride.trim();
      return { command, ...(await run(command, signal, deps.testTimeoutMs, !override || override.includes('${file}'))) };
    },
    userSave: (rel) => userSave(deps, rel),
    changes: deps.changes,
  };
}

/** Larger saved files are not checked (an edit tool reads no more either). */
const MAX_SAVED_BYTES = 4_000_000;

async function userSave(deps: EnvironmentDeps, rel: string): Promise<UserSave | undefined> {
  if (!deps.snapshot || deps.isDenied(rel)) return undefined;
  const file = join(deps.folder, rel);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile() || info.mtimeMs <= deps.snapshot.at || info.size > MAX_SAVED_BYTES) return undefined;
  const [saved, base] = await Promise.all([readFile(file, 'utf8').catch(() => undefined), deps.snapshot.text(rel)]);
  return saved === undefined || base === undefined || saved === base ? undefined : { saved, base };
}

/** One test file with the project's own runner, its results read from the runner's report. */
async function runOneFile(deps: EnvironmentDeps, file: string, signal: AbortSignal): Promise<TestsResult> {
  await deps.onDisk;
  const abs = isAbsolute(file) ? file : join(deps.root, file);
  const rel = relative(deps.root, abs);
  if (rel.startsWith('..') || isAbsolute(rel) || deps.isDenied(rel)) throw new CommandRefused(`${file} is outside the working copy or deny-listed`);
  if (!(await stat(abs).catch(() => undefined))?.isFile()) throw new CommandRefused(`no test file ${file}`);
  const language = LANGUAGES[extname(abs)];
  const framework = language && (await detectFramework(abs, language, deps.root, deps.probe));
  if (!framework) throw new CommandRefused(`no test runner found for ${file}`);
  const resultFile = join(tmpdir(), `flint-task-tests-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  const command = await runnerCommand(framework, abs, resultFile, deps.probe, { override: deps.testCommandOverride });
  const takeResultFile = async (p: string) => {
    const text = await readFile(p, 'utf8').catch(() => undefined);
    await rm(p, { force: true });
    return text;
  };
  deps.changes?.unknownWrites();
  const outcome = await runTestFile(command, deps.testTimeoutMs, { spawn: deps.spawn, takeResultFile, now: () => performance.now() }, signal);
  const failed = outcome.tests.filter((t) => t.status === 'failed');
  const report = [outcome.error, ...failed.map((t) => `FAILED ${t.name}\n${t.message ?? ''}`), outcome.output].filter(Boolean).join('\n');
  return {
    command: outcome.command,
    exitCode: outcome.error ? 1 : failed.length > 0 ? 1 : 0,
    output: capOutput(report),
    timedOut: /did not finish within/.test(outcome.error ?? ''),
    passed: outcome.tests.filter((t) => t.status === 'passed').length,
    failed: failed.length,
  };
}
