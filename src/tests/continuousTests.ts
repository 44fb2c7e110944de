import { relative } from 'node:path';
import { detectFramework, LOOKED_FOR, type FileProbe } from './frameworkDetect';
import { composeFlintTestFile, goPackageOf, headerImports, parseSections, type TestSection } from './flintTestFile';
import { GenerationScheduler, type SchedulerTimers } from './generationScheduler';
import { functionHash, languageOf, sourceFunctions } from './sourceFunctions';
import type { SyntaxChecker } from './syntaxCheck';
import { generateTests, RefusedTests, type TestModel } from './testGeneration';
import { flintTestPath, importSpecifier, isTestPath } from './testPaths';
import type { Framework, RunOutcome, TestLanguage } from './testTypes';

/** What the continuous tests tell the editor (all optional to listen to). */
export interface ContinuousEvents {
  noFramework(source: string, message: string): void;
  generating(source: string, functions: string[]): void;
  refused(source: string, fn: string, reason: string): void;
  failed(source: string, message: string): void;
  written(source: string, testFile: string, info: { functions: string[]; savedAt: number; writtenAt: number; modelMs: number }): void;
  results(source: string, testFile: string, framework: Framework, outcome: RunOutcome, info: { savedAt: number; resultsAt: number }): void;
}

export interface ContinuousDeps {
  /** Absolute path of the workspace folder (frameworks are looked for up to it). */
  root: string;
  probe: FileProbe;
  write(path: string, text: string): Promise<void>;
  model: TestModel;
  check: SyntaxChecker;
  run(framework: Framework, testFile: string, signal: AbortSignal): Promise<RunOutcome>;
  events: ContinuousEvents;
  timers: SchedulerTimers;
  now(): number;
  /** Saves within this many ms collapse into one run. */
  delayMs?: number;
  /** flint.tests.command: with it, a project with no detected framework still gets tests. */
  commandOverride(): string;
}

interface Saved {
  path: string;
  text: string;
  savedAt: number;
}

/**
 * Continuous tests: on each save of a source file, the tests of every function that changed
 * since its tests were written are written again, into Flint's own test file for that source
 * (never a user's), and that file is run. One generation per source file at a time; a newer
 * save cancels the stale one.
 */
export class ContinuousTests {
  private readonly scheduler: GenerationScheduler<Saved>;

  constructor(private readonly deps: ContinuousDeps) {
    this.scheduler = new GenerationScheduler<Saved>(
      (saved, signal) => this.refresh(saved, signal),
      deps.timers,
      deps.delayMs ?? 0,
      (key, err) => deps.events.failed(key, err instanceof Error ? err.message : String(err)),
    );
  }

  /** True when saving `path` concerns continuous tests (a source file of a known language, not a test). */
  static wants(path: string): boolean {
    return languageOf(path) !== undefined && !isTestPath(path);
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
    const language = languageOf(path)!;
    const framework = await frameworkFor(path, language, deps.root, deps.probe, deps.commandOverride());
    if (!framework) {
      deps.events.noFramework(path, noFrameworkMessage(language, relative(deps.root, path)));
      return;
    }
    const testFile = flintTestPath(path, framework);
    const functions = sourceFunctions(text, language).filter((f) => f.testable);
    const existing = (await deps.probe.read(testFile)) ?? '';
    const old = new Map(parseSections(existing).map((s) => [s.name, s]));
    const changed = functions.filter((f) => old.get(f.name)?.hash !== functionHash(f.text));
    const gone = [...old.keys()].some((name) => !functions.some((f) => f.name === name));
    if (changed.length === 0 && !gone) return;
    if (signal.aborted) return;

    const goPackage = goPackageOf(text);
    const current = new Map<string, TestSection>();
    for (const f of functions) {
      const o = old.get(f.name);
      if (o) current.set(f.name, o);
    }
    const ordered = () => functions.map((f) => current.get(f.name)).filter((s): s is TestSection => !!s);
    const compose = () => composeFlintTestFile(framework, testFile, path, ordered(), goPackage);
    deps.events.generating(path, changed.map((f) => f.name));
    let modelMs = 0;
    const written: string[] = [];
    const rel = (p: string) => relative(deps.root, p);
    for (const f of changed) {
      const section = { name: f.name, hash: functionHash(f.text), body: '' };
      const names = ordered().map((s) => s.name).concat(current.has(f.name) ? [] : [f.name]);
      try {
        const g = await generateTests(
          {
            prompt: {
              framework,
              sourceName: rel(path),
              testName: rel(testFile),
              source: text,
              functions: [f],
              imported: headerImports(framework, testFile, path, functions.filter((x) => names.includes(x.name)).map((x) => x.name)),
              wholeFile: false,
              importFrom: importSpecifier(testFile, path, framework),
            },
            compose: (answer) => {
              const prev = current.get(f.name);
              current.set(f.name, { ...section, body: answer });
              const file = compose();
              if (prev) current.set(f.name, prev);
              else current.delete(f.name);
              return file;
            },
            fileName: testFile,
            language,
            files: [rel(path)],
          },
          deps.model,
          deps.check,
          signal,
        );
        modelMs += g.modelMs;
        current.set(f.name, { ...section, body: g.answer });
        written.push(f.name);
      } catch (err) {
        if (signal.aborted) return;
        if (err instanceof RefusedTests) deps.events.refused(path, f.name, err.message);
        else deps.events.failed(path, `the tests of ${f.name} could not be written: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    // A newer save is waiting: what was written here is already stale.
    if (signal.aborted) return;
    // Every answer refused and nothing to drop: the file stays as it was.
    if (written.length === 0 && !gone) return;
    const final = compose();
    if (final !== existing) await deps.write(testFile, final);
    deps.events.written(path, testFile, { functions: written, savedAt, writtenAt: deps.now(), modelMs });
    if (ordered().length === 0) return;
    const outcome = await deps.run(framework, testFile, signal);
    if (signal.aborted) return;
    deps.events.results(path, testFile, framework, outcome, { savedAt, resultsAt: deps.now() });
  }
}

/**
 * The detected framework; with none and flint.tests.command set, the language's default one
 * (its file conventions; the command runs the file).
 */
export async function frameworkFor(path: string, language: TestLanguage, root: string, probe: FileProbe, override: string): Promise<Framework | undefined> {
  const found = await detectFramework(path, language, root, probe);
  if (found || !override.trim()) return found;
  const id = language === 'python' ? 'pytest' : language === 'go' ? 'go test' : 'node:test';
  return { id, language, projectDir: root, evidence: 'flint.tests.command' };
}

/** What the user reads when no framework is found: what was looked for, and the setting. */
export function noFrameworkMessage(language: keyof typeof LOOKED_FOR, name: string): string {
  return `no test framework found for ${name}: looked for ${LOOKED_FOR[language]} in its folder and the folders above it, up to the workspace folder. Add one, or set flint.tests.command to the command that runs a test file.`;
}
