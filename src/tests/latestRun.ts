import type { TestLedger } from './testLedger';

/** A finished run (or a test file's standing), as the status bar shows it. */
export interface LatestRun {
  testFile: string;
  /** Workspace-relative name. */
  name: string;
  passed: number;
  failed: number;
  regressions: number;
  error?: string;
  /** Why another file than the latest run's is shown. */
  note?: string;
}

/** The item's text for a run: the same words the notification uses. */
export function latestText(r: LatestRun): string {
  const file = r.name.split(/[\\/]/).pop();
  if (r.error) return `$(warning) ${file}: could not run`;
  if (r.regressions > 0) return `$(error) ${file}: ${r.regressions} regression${r.regressions === 1 ? '' : 's'}`;
  if (r.failed > 0) return `$(error) ${file}: ${r.failed} failed`;
  return `$(pass) ${file}: ${r.passed} passed`;
}

/**
 * What the status bar shows after a run: that run, unless it has no regression of its own while
 * another file still has one (its notification said so, the Test Explorer shows it red): then
 * that file's standing, so that the three never disagree. The ledger has recorded the run already.
 */
export function shownRun(latest: LatestRun, ledger: TestLedger, name: (path: string) => string): LatestRun {
  if (latest.error || latest.regressions > 0) return latest;
  const other = ledger.regressions().find((e) => e.testFile !== latest.testFile);
  if (!other) return latest;
  const standing = ledger.standing(other.testFile);
  return { testFile: other.testFile, name: name(other.testFile), ...standing, note: `the latest run, of ${latest.name}, had ${latest.failed > 0 ? `${latest.failed} failed` : `${latest.passed} passed`}` };
}
