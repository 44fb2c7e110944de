import { sep } from 'node:path';
import type { RunOutcome, TestCaseResult } from './testTypes';

/** What is known of one test: it passed last, it failed (never seen passing), or it regressed. */
export type LedgerStatus = 'passed' | 'failed' | 'regressed';

export interface LedgerEntry {
  status: LedgerStatus;
  testFile: string;
  /** Full name as the runner reports it. */
  name: string;
  title: string;
  message?: string;
  line?: number;
  /** For a regression: the source file and the changed function it is shown on. */
  source?: string;
  fn?: string;
}

/** Where the ledger is kept between windows (the workspace's state in the editor). */
export interface LedgerStore {
  load(): Record<string, LedgerEntry>;
  save(entries: Record<string, LedgerEntry>): void;
}

/** Which changed function a newly failing test is put on, when known. */
export type Blame = (test: TestCaseResult) => { source: string; fn: string } | undefined;

export const testId = (testFile: string, name: string): string => `${testFile}::${name}`;

/** Most tests remembered: a workspace's state must not grow without end. */
const MAX_ENTRIES = 20_000;

/**
 * The last known result of every test Flint ran, in any file. A test that passed and now fails
 * is a regression, and stays one until it passes again, whoever runs it.
 */
export class TestLedger {
  private readonly entries: Map<string, LedgerEntry>;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly store: LedgerStore) {
    this.entries = new Map(Object.entries(store.load()));
  }

  /**
   * Records a finished run and returns the tests that passed before and fail now. A run that
   * errored tells nothing about its tests; a run of the whole file forgets tests it no longer has.
   */
  record(testFile: string, outcome: RunOutcome, options: { wholeFile: boolean; blame?: Blame }): TestCaseResult[] {
    if (outcome.error) return [];
    const regressed: TestCaseResult[] = [];
    const seen = new Set<string>();
    for (const t of outcome.tests) {
      const id = testId(testFile, t.name);
      seen.add(id);
      if (t.status === 'skipped') continue;
      const prev = this.entries.get(id);
      const base = { testFile, name: t.name, title: t.title, ...(t.line !== undefined ? { line: t.line } : {}) };
      if (t.status === 'passed') {
        this.entries.set(id, { ...base, status: 'passed' });
      } else if (prev?.status === 'passed' || prev?.status === 'regressed') {
        if (prev.status === 'passed') regressed.push(t);
        // A regression keeps the function it was first shown on, whatever changed since.
        const kept = prev.status === 'regressed' && prev.source && prev.fn ? { source: prev.source, fn: prev.fn } : undefined;
        const blamed = kept ?? options.blame?.(t);
        this.entries.set(id, { ...base, status: 'regressed', message: t.message ?? 'failed', ...blamed });
      } else {
        this.entries.set(id, { ...base, status: 'failed', message: t.message ?? 'failed' });
      }
    }
    if (options.wholeFile) for (const [id, e] of this.entries) if (e.testFile === testFile && !seen.has(id)) this.entries.delete(id);
    this.trim();
    this.changed();
    return regressed;
  }

  private changed(): void {
    this.store.save(Object.fromEntries(this.entries));
    for (const l of this.listeners) l();
  }

  get(testFile: string, name: string): LedgerEntry | undefined {
    return this.entries.get(testId(testFile, name));
  }

  /** A test file's last known results: passed, failed (regressions included), regressed. */
  standing(testFile: string): { passed: number; failed: number; regressions: number } {
    const counts = { passed: 0, failed: 0, regressions: 0 };
    for (const e of this.entries.values()) {
      if (e.testFile !== testFile) continue;
      if (e.status === 'passed') counts.passed++;
      else counts.failed++;
      if (e.status === 'regressed') counts.regressions++;
    }
    return counts;
  }

  /** Forgets the tests of a deleted test file, or of every test file under a deleted folder. */
  forget(path: string): void {
    let removed = false;
    for (const [id, e] of this.entries) {
      if (e.testFile !== path && !e.testFile.startsWith(path + sep)) continue;
      this.entries.delete(id);
      removed = true;
    }
    if (removed) this.changed();
  }

  /** Tests that passed once and fail now. */
  regressions(): LedgerEntry[] {
    return [...this.entries.values()].filter((e) => e.status === 'regressed');
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private trim(): void {
    for (const id of this.entries.keys()) {
      if (this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(id);
    }
  }
}

/** A ledger kept in memory only (benchmarks, tests). */
export function memoryLedgerStore(): LedgerStore {
  let kept: Record<string, LedgerEntry> = {};
  return { load: () => kept, save: (e) => (kept = e) };
}
