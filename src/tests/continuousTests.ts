import type { FileProbe } from './frameworkDetect';
import { GenerationScheduler, type SchedulerTimers } from './generationScheduler';
import { functionTexts } from './functionKeys';
import type { PreviousRun } from './previousRun';
import { checkExisting, type CheckOptions, type CheckResult, type CheckRun, type Regression } from './regressionCheck';
import { saveSnapshot, type SaveSnapshot } from './saveSnapshot';
import { languageOf, type FunctionFinder } from './sourceFunctions';
import type { SyntaxChecker } from './syntaxCheck';
import { additionsFor, writeAdditions, type Addition, type AdditionDeps } from './testAdditions';
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
  /** Tests are asked for `functions`; `left` would get some too but are over the save's bound. */
  generating(source: string, functions: string[], left: string[]): void;
  refused(source: string, fn: string, reason: string): void;
  failed(source: string, message: string): void;
  written(source: string, testFile: string, info: { functions: string[]; savedAt: number; writtenAt: number; modelMs: number }): void;
  results(source: string, testFile: string, framework: Framework, outcome: RunOutcome, info: { savedAt: number; resultsAt: number; phase: RunPhase; regressions: Regression[] }): void;
  /** The existing tests of a save have all run (what they say is in the results before it). */
  checked?(source: string, result: CheckResult): void;
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
  /** A failing test never seen passing runs on the source's previous text with it, shown nowhere. */
  runPrevious?: PreviousRun;
  /** The committed text of a source (when no earlier saved text is known), if any. */
  committed?(path: string, signal: AbortSignal): Promise<string | undefined>;
  /** flint.tests.maxFunctionsPerSave: how many functions one save asks tests for. */
  maxFunctionsPerSave?(): number;
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
 * file at a time; a newer save cancels the stale one before anything half-done is written, and
 * is itself handled on its own text: what "changed" means is recorded as soon as the existing
 * tests have run, so a fix saved while tests are still being written runs them again.
 */
export class ContinuousTests {
  private readonly scheduler: GenerationScheduler<Saved>;
  /** Each source's function texts, by key, at its last save whose tests all ran (what "changed" is against). */
  private readonly baselines = new Map<string, Map<string, string>>();
  /** The whole text those belong to: the previous text a failing test never seen passing runs on. */
  private readonly texts = new Map<string, string>();
  /** The tests that failed on that text (ids): the next save need not run them on it again. */
  private readonly failedOnText = new Map<string, ReadonlySet<string>>();
  /** Sources whose last check was cut short: their next save runs every covering file. */
  private readonly unsettled = new Set<string>();
  /** Functions (keys) a save was writing tests of when a newer save cut it short: the newer one writes them. */
  private readonly owed = new Map<string, Set<string>>();

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
    if (this.baselines.has(path)) return;
    this.baselines.set(path, functionTexts(functions));
    this.texts.set(path, text);
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
    const all = this.unsettled.has(path);
    this.unsettled.add(path);
    const check = await checkExisting(s, deps.run, deps.ledger, signal, results('check'), this.checkOptions(s, all));
    // A run that went wrong tells nothing about the tests: nothing is written, the next save checks again.
    if (!check || check.errored || signal.aborted) return;
    this.settle(s, check);
    deps.events.checked?.(path, check);
    await this.add(s, check, signal, results('added'));
  }

  private checkOptions(s: SaveSnapshot, all: boolean): CheckOptions {
    const { runPrevious } = this.deps;
    const before = runPrevious
      ? async (testFile: string, signal: AbortSignal) => {
          const text = await this.previousText(s, signal);
          return text === undefined || signal.aborted ? undefined : runPrevious(s.framework, testFile, s.path, text, signal);
        }
      : undefined;
    const failedBefore = this.failedOnText.get(s.path);
    return { all, ...(before ? { before } : {}), ...(failedBefore ? { failedBefore } : {}) };
  }

  /** The source before this save: the text last checked (or opened), else the committed one; never this save's own. */
  private async previousText(s: SaveSnapshot, signal: AbortSignal): Promise<string | undefined> {
    const saved = this.texts.get(s.path);
    if (saved !== undefined && saved !== s.text) return saved;
    const committed = await this.deps.committed?.(s.path, signal).catch(() => undefined);
    return committed !== undefined && committed !== s.text ? committed : undefined;
  }

  private async add(s: SaveSnapshot, check: CheckResult, signal: AbortSignal, results: (testFile: string, outcome: RunOutcome, regressions: Regression[]) => void): Promise<void> {
    const { deps } = this;
    const { additions, left } = additionsFor(s, check, deps.maxFunctionsPerSave?.(), this.owed.get(s.path));
    this.owed.delete(s.path);
    if (additions.length === 0 || signal.aborted) return;
    deps.events.generating(s.path, additions.map((a) => a.fn.name), left);
    this.owed.set(s.path, new Set(additions.map((a) => a.fn.key)));
    await this.write(s, additions, signal, results);
    if (!signal.aborted) this.owed.delete(s.path);
  }

  private async write(s: SaveSnapshot, additions: Addition[], signal: AbortSignal, results: (testFile: string, outcome: RunOutcome, regressions: Regression[]) => void): Promise<void> {
    const { deps } = this;
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

  /**
   * The existing tests have run on this save's text: its functions are what the next save is
   * compared with, whatever happens to the work that follows (a newer save may cancel it).
   */
  private settle(s: SaveSnapshot, check: CheckResult): void {
    this.baselines.set(s.path, new Map(s.functions.map((f) => [f.key, f.text])));
    this.texts.set(s.path, s.text);
    this.failedOnText.set(s.path, check.failedTests);
    this.unsettled.delete(s.path);
  }
}
