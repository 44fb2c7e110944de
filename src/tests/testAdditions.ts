import { relative } from 'node:path';
import { behaviourChange, describeChange } from './behaviourChange';
import type { KeyedFunction } from './functionKeys';
import { composeFlintTestFile, goPackageOf, headerImports, type TestSection } from './flintTestFile';
import type { CheckResult } from './regressionCheck';
import type { SaveSnapshot } from './saveSnapshot';
import { functionHash } from './sourceFunctions';
import type { SyntaxChecker } from './syntaxCheck';
import { existingTestsOf, hasTests } from './testCoverage';
import { generateTests, type TestModel } from './testGeneration';
import { importSpecifier } from './testPaths';
import type { SourceFunction } from './testTypes';

/** A function that gets tests on this save, and why. */
export interface Addition {
  fn: KeyedFunction;
  /** Its tests now (Flint's section and the user's tests that name it); '' when it has none. */
  existing: string;
  /** How it changed, for a function that has tests. */
  change?: string;
}

/** What one save asks for: at most a few functions, the rest left to Generate Tests. */
export interface SaveAsk {
  additions: Addition[];
  /** Functions that would get tests but are over the save's bound. */
  left: string[];
}

/** Functions a save asks tests for when no setting says otherwise. */
export const MAX_FUNCTIONS_PER_SAVE = 3;

/**
 * Add, don't replace, and only for what this save changed: tests are asked for changed testable
 * functions that have none, and for changed functions whose tests all pass but which do more
 * than before (new parameters, branches, errors); at most `max` of them, in file order.
 * Functions `owed` tests by an earlier save whose writing was cut short count as changed. A
 * function with a failing test gets nothing: its tests stay as they are.
 */
export function additionsFor(s: SaveSnapshot, check: CheckResult, max = MAX_FUNCTIONS_PER_SAVE, owed: ReadonlySet<string> = new Set()): SaveAsk {
  const out: Addition[] = [];
  const changed = new Set([...s.changed.map((f) => f.key), ...owed]);
  // A second function of one name (key `name#2`) shares the first one's section: it gets none of its own.
  for (const fn of s.functions) {
    if (!fn.testable || fn.key !== fn.name || !changed.has(fn.key) || check.failing.has(fn.key)) continue;
    if (!hasTests(s.covering, fn)) {
      out.push({ fn, existing: '' });
      continue;
    }
    const before = s.previous?.get(fn.key);
    const change = before !== undefined ? behaviourChange(before, fn.text, s.language) : undefined;
    if (change) out.push({ fn, existing: s.covering.map((f) => existingTestsOf(f, fn)).filter(Boolean).join('\n\n'), change: describeChange(change) });
  }
  const bound = Math.max(0, Math.floor(max));
  return { additions: out.slice(0, bound), left: out.slice(bound).map((a) => a.fn.name) };
}

export interface AdditionDeps {
  root(path: string): string | undefined;
  model: TestModel;
  check: SyntaxChecker;
  /**
   * Labelled context sections for the tests of `fn` in the source saved as `text`: what it uses
   * from other files, its existing tests, the test setup. Failing, the prompt goes without.
   */
  context?(path: string, text: string, fn: SourceFunction): Promise<string>;
}

export interface Added {
  /** Flint's test file with the new tests, or undefined when nothing was added. */
  file?: string;
  functions: string[];
  modelMs: number;
}

/**
 * Asks for each addition in turn and appends what comes back to that function's section of
 * Flint's file (a new section for a function that has none). Other sections, and what a
 * section had, are kept as they were.
 */
export async function writeAdditions(
  s: SaveSnapshot,
  additions: Addition[],
  deps: AdditionDeps,
  signal: AbortSignal,
  onProblem: (fn: string, error: unknown) => void,
): Promise<Added | undefined> {
  const sections = new Map(s.sections.map((x) => [x.name, x]));
  const order = (): TestSection[] => [...s.functions.map((f) => sections.get(f.name)), ...s.sections.filter((x) => !s.functions.some((f) => f.name === x.name))].filter((x): x is TestSection => !!x);
  const present = (name: string) => s.functions.some((f) => f.name === name);
  const compose = () => composeFlintTestFile(s.framework, s.testFile, s.path, order(), goPackageOf(s.text), present);
  const rel = (p: string) => relative(deps.root(s.path) ?? '/', p);
  const added: Added = { functions: [], modelMs: 0 };
  for (const a of additions) {
    const prev = sections.get(a.fn.name);
    const withAnswer = (answer: string): TestSection => ({ name: a.fn.name, hash: functionHash(a.fn.text), body: [prev?.body.trimEnd(), answer.trimEnd()].filter(Boolean).join('\n\n') });
    const imports = order().map((x) => x.name).concat(prev ? [] : [a.fn.name]).filter(present);
    const context = (await deps.context?.(s.path, s.text, a.fn).catch(() => '')) ?? '';
    if (signal.aborted) return undefined;
    try {
      const g = await generateTests(
        {
          prompt: {
            framework: s.framework,
            sourceName: rel(s.path),
            testName: rel(s.testFile),
            source: s.text,
            functions: [a.fn],
            imported: headerImports(s.framework, s.testFile, s.path, imports),
            wholeFile: false,
            importFrom: importSpecifier(s.testFile, s.path, s.framework),
            ...(a.existing ? { keepPassing: a.existing, ...(a.change ? { changed: a.change } : {}) } : {}),
            ...(context ? { context } : {}),
          },
          compose: (answer) => {
            sections.set(a.fn.name, withAnswer(answer));
            const file = compose();
            if (prev) sections.set(a.fn.name, prev);
            else sections.delete(a.fn.name);
            return file;
          },
          fileName: s.testFile,
          language: s.language,
          files: [rel(s.path)],
          allowEmpty: a.existing !== '',
        },
        deps.model,
        deps.check,
        signal,
      );
      added.modelMs += g.modelMs;
      if (g.answer === '') continue;
      sections.set(a.fn.name, withAnswer(g.answer));
      added.functions.push(a.fn.name);
    } catch (err) {
      if (signal.aborted) return undefined;
      onProblem(a.fn.name, err);
    }
  }
  if (signal.aborted) return undefined;
  if (added.functions.length > 0) added.file = compose();
  return added;
}
