import type { FileProbe } from './frameworkDetect';
import { GenerationScheduler, type SchedulerTimers } from './generationScheduler';
import { checkExisting, type CheckResult, type CheckRun, type Regression } from './regressionCheck';
import { saveSnapshot, type SaveSnapshot } from './saveSnapshot';
import { languageOf, type FunctionFinder } from './sourceFunctions';
import type { SyntaxChecker } from './syntaxCheck';
import { additionsFor, writeAdditions, type AdditionDeps } from './testAdditions';
import { RefusedTests, type TestModel } from './testGeneration';
import type { TestLedger } from './testLedger';
import { isTestPath } from './testPaths';
import type { Framework, RunOutcome } from './testTypes';

/** Which run this is: the existing tests before anything is written, or Flint's file after new tests were added. */
export type RunPhase = 'check' | 'added';

/** What the continuous tests tell the editor (all optional to listen to). */
export interface ContinuousEvents {
  /** The work of a save starts (true) or ends (false). */
  busy(source: string, busy: boolean): void;
  noFramework(source: string, message: string): void;
  generating(source: string, functions: string[]): void;
  refused(source: string, fn: string, reason: string): void;
  failed(source: string, message: string): void;
  written(source: string, testFile: string, info: { functions: string[]; savedAt: number; writtenAt: number; modelMs: number }): void;
  results(source: string, testFile: string, framework: Framework, outcome: RunOutcome, info: { savedAt: number; resultsAt: number; phase: RunPhase; regressions: Regression[] }): void;
}

export interface ContinuousDeps {
  /** The workspace folder holding a path (frameworks are looked for up to it). */
  root(path: string): string | undefined;
  probe: FileProbe;
  findFunctions: FunctionFinder;
  /** Writes Flint's test file; refuses (throws) when it may not be written now. */
  write(path: string, text: string): Promise<void>;
  model: TestModel;
  check: SyntaxChecker;
  run: CheckRun;
  ledger: TestLedger;
  events: ContinuousEvents;
  timers: SchedulerTimers;
  now(): number;
  /** Saves within this many ms collapse into one run. */
  delayMs?: number;
  /** flint.tests.command: with it, a project with no detected framework still gets tests. */
  commandOverride(): string;
  /** The context sections of the prompt for `fn`'s tests (as Generate Tests asks them). */
  context?: AdditionDeps['context'];
}

interface Saved {
  path: string;
  text: string;
  savedAt: number;
}

/**
 * Continuous tests guard the code: on each save of a source file whose functions changed, the
 * tests it already has run first, and a test that passed and fails now is reported as a
 * regression (never rewritten). Then tests are added for functions that have none and for
 * changed behaviour, into Flint's own test file, which runs again. One piece of work per source
 * file at a time; a newer save cancels the stale one before anything half-done is written.
 */
export class ContinuousTests {
  private readonly scheduler: GenerationScheduler<Saved>;
  /** Each source's function texts at the last save whose work finished (what "changed" is against). */
  private readonly baselines = new Map<string, Map<string, string>>();

  constructor(private readonly deps: ContinuousDeps) {
    this.scheduler = new GenerationScheduler<Saved>(
      async (saved, signal) => {
        deps.events.busy(saved.path, true);
        try {
          await this.refresh(saved, signal);
        } finally {
          deps.events.busy(saved.path, false);
        }
      },
      deps.timers,
      deps.delayMs ?? 0,
      (key, err) => deps.events.failed(key, err instanceof Error ? err.message : String(err)),
    );
  }

  /** True when saving `path` concerns continuous tests (a source file of a known language, not a test). */
  static wants(path: string): boolean {
    return languageOf(path) !== undefined && !isTestPath(path);
  }

  /** A source as it was opened: its functions' texts are what the next save is compared with. */
  async opened(path: string, text: string): Promise<void> {
    if (!ContinuousTests.wants(path) || this.baselines.has(path)) return;
    const functions = await this.deps.findFunctions(text, path);
    if (!this.baselines.has(path)) this.baselines.set(path, new Map(functions.map((f) => [f.name, f.text])));
  }

  saved(path: string, text: string, savedAt = this.deps.now()): void {
    if (!ContinuousTests.wants(path)) return;
    this.scheduler.schedule(path, { path, text, savedAt });
  }

  /** Stops the work of one source file (e.g. it was edited again before saving). */
  cancel(path: string): void {
    this.scheduler.cancel(path);
  }

  idle(): Promise<void> {
    return this.scheduler.idle();
  }

  inFlight(): string[] {
    return this.scheduler.inFlight();
  }

  dispose(): void {
    this.scheduler.dispose();
  }

  private async refresh({ path, text, savedAt }: Saved, signal: AbortSignal): Promise<void> {
    const { deps } = this;
    const s = await saveSnapshot(deps, path, text, savedAt, languageOf(path)!, this.baselines.get(path));
    if (typeof s === 'string') return deps.events.noFramework(path, s);
    if (signal.aborted) return;
    const results = (phase: RunPhase) => (testFile: string, outcome: RunOutcome, regressions: Regression[]) =>
      deps.events.results(path, testFile, s.framework, outcome, { savedAt, resultsAt: deps.now(), phase, regressions });
    const check = await checkExisting(s, deps.run, deps.ledger, signal, results('check'));
    // A run that went wrong tells nothing about the tests: nothing is written, the next save checks again.
    if (!check || check.errored) return;
    await this.add(s, check, signal, results('added'));
    this.settle(s, signal);
  }

  private async add(s: SaveSnapshot, check: CheckResult, signal: AbortSignal, results: (testFile: string, outcome: RunOutcome, regressions: Regression[]) => void): Promise<void> {
    const { deps } = this;
    const additions = additionsFor(s, check);
    if (additions.length === 0 || signal.aborted) return;
    deps.events.generating(s.path, additions.map((a) => a.fn.name));
    const added = await writeAdditions(s, additions, deps, signal, (fn, err) => {
      if (err instanceof RefusedTests) deps.events.refused(s.path, fn, err.message);
      else deps.events.failed(s.path, `the tests of ${fn} could not be written: ${err instanceof Error ? err.message : String(err)}`);
    });
    // A newer save is waiting (what was written here is already stale), or nothing came back.
    if (!added?.file || signal.aborted) return;
    try {
      await deps.write(s.testFile, added.file);
    } catch (err) {
      deps.events.failed(s.path, `the new tests were not written: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    deps.events.written(s.path, s.testFile, { functions: added.functions, savedAt: s.savedAt, writtenAt: deps.now(), modelMs: added.modelMs });
    const outcome = await deps.run(s.framework, s.testFile, signal);
    if (signal.aborted) return;
    const regressed = deps.ledger.record(s.testFile, outcome, { wholeFile: true });
    results(s.testFile, outcome, regressed.map((test) => ({ test, testFile: s.testFile, source: s.path })));
  }

  /** The work of a save is done: its functions are what the next save is compared with. */
  private settle(s: SaveSnapshot, signal: AbortSignal): void {
    if (!signal.aborted) this.baselines.set(s.path, new Map(s.functions.map((f) => [f.name, f.text])));
  }
}
