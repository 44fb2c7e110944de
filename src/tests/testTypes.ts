import type { FileCoverageData } from './coverageReport';

/** Languages whose functions Flint can write tests for. */
export type TestLanguage = 'js' | 'python' | 'go';

export type FrameworkId = 'vitest' | 'jest' | 'node:test' | 'pytest' | 'go test';

/** The test framework a source file's project uses, and where that project starts. */
export interface Framework {
  id: FrameworkId;
  language: TestLanguage;
  /** Absolute path of the folder the runner runs in (the one holding package.json, go.mod, …). */
  projectDir: string;
  /** What showed it, e.g. "vitest in package.json devDependencies". */
  evidence: string;
}

/** One function or method of a source file. */
export interface SourceFunction {
  /** Qualified by what holds it: `area`, `Shape.area`, `load.inner`. */
  name: string;
  /** 0-based first line (decorators included). */
  startLine: number;
  /** 0-based line after the last one. */
  endLine: number;
  text: string;
  /** Reachable from a test file (exported in JS/TS, public in Python; always in Go). */
  testable: boolean;
  /** The class, receiver type or function holding it. */
  container?: string;
}

export type TestStatus = 'passed' | 'failed' | 'skipped';

export interface TestCaseResult {
  /** Full name as the runner reports it (describe titles joined with " > "). */
  name: string;
  /** The test's own title (last part of the name). */
  title: string;
  status: TestStatus;
  /** Failure text (assertion message and stack), when failed. */
  message?: string;
  /** 0-based line in the test file, when the runner reports it. */
  line?: number;
  durationMs?: number;
}

/** How one run of a test file ended. */
export interface RunOutcome {
  /** Set when the run itself went wrong (runner missing, timed out, crashed, unreadable output). */
  error?: string;
  tests: TestCaseResult[];
  /** What the runner printed (stdout and stderr), for the output channel. */
  output: string;
  command: string;
  runnerMs: number;
  /** What the tests reached, when coverage was asked for and the runner reported it. */
  coverage?: FileCoverageData[];
  /** Why a run with coverage has none (the runner cannot report it, or its report was unreadable). */
  coverageNote?: string;
}
